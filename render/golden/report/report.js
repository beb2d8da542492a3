// The golden report's views, built over the page from the data it carries (#golden-report-data).
// For each group of variants that changed alike, in its `.views` element:
//   - a key frame of the group's worst variant, as expected | actual side by side, a slider
//     between them, a strobe flipping between them, or their difference (tabs), at a zoom of
//     1× to 16×;
//   - the motion: expected and actual playing in step from the key frames (each key frame held
//     until the next), with play/pause, a scrubber with the differing frames marked, 1× / 0.25×.
// Every picture is a cell of a key-frame strip (img/<variant>/{expected,actual,difference}.png)
// shown as a CSS background scaled by a whole factor with image-rendering: pixelated, so an image
// pixel is always zoom × zoom screen pixels, never smoothed; the slider's edge falls between
// image pixels too. Both sides of the motion read one clock, so they cannot drift apart.
// window.iconsynthGolden.groups holds each group's views (the served review page reuses them).
(() => {
  'use strict';
  const source = document.getElementById('golden-report-data');
  if (!source) return;
  const data = JSON.parse(source.textContent);
  const ZOOMS = [1, 2, 4, 8, 16];
  const DEFAULT_ZOOM = 4;
  const VIEWS = [['side', 'Side by side'], ['slider', 'Slider'], ['strobe', 'Strobe'], ['difference', 'Difference']];
  const STROBE_MS = 500;  // two flips a second: well under the three flashes a second WCAG allows
  const SPEEDS = [[1, '1×'], [0.25, '0.25×']];

  function el(tag, attributes = {}, children = []) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
    for (const c of [].concat(children)) e.append(c);
    return e;
  }

  const changed = (k) => k.status === 'differs' || k.status === 'missing';
  const percent = (share) => `${(share * 100).toFixed(2)} %`;

  // A picture cut from one of the group's strips: `strip` is expected, actual or difference.
  class Sprite {
    constructor(group, strip) {
      this.group = group;
      this.strip = strip;
      this.element = el('div', { class: `sprite ${strip}`, role: 'img' });
      this.element.style.backgroundImage = `url("${group.images[strip]}")`;
      if (strip !== 'difference') this.element.style.backgroundColor = group.backdrop;
    }

    // Key frame `index` at `zoom`; `cut` screen px of its left side left out (the slider's right half).
    show(index, zoom, cut = 0) {
      const side = this.group.size * zoom;
      const s = this.element.style;
      s.width = `${side - cut}px`;
      s.height = `${side}px`;
      s.backgroundSize = `${this.group.keyFrames.length * side}px ${side}px`;
      s.backgroundPosition = `${-index * side - cut}px 0`;
      const frame = this.group.keyFrames[index].frame;
      this.element.dataset.keyFrame = String(frame);
      this.element.setAttribute('aria-label', `${this.strip}, frame ${frame}`);
    }
  }

  function figure(sprite, caption) {
    return el('figure', {}, [sprite.element, el('figcaption', {}, caption)]);
  }

  // One changed frame, four ways.
  class FrameViews {
    constructor(group, key, onChange) {
      this.group = group;
      this.index = group.worst;
      this.zoom = DEFAULT_ZOOM;
      this.view = 'side';
      this.onChange = onChange;
      this.split = 50;  // the slider's position, % from the left
      this.strobeTimer = null;

      const frameSelect = el('select', { 'aria-label': 'Frame' });
      group.keyFrames.forEach((k, i) => {
        const text = `frame ${k.frame}: ${k.status}` + (k.status === 'differs' || k.status === 'within' ? `, ${percent(k.share)} beyond tolerance` : '');
        frameSelect.append(el('option', { value: String(i) }, text));
      });
      frameSelect.value = String(this.index);
      frameSelect.addEventListener('change', () => this.select(Number(frameSelect.value)));
      this.frameSelect = frameSelect;

      const zoomSelect = el('select', { 'aria-label': 'Zoom' });
      for (const z of ZOOMS) zoomSelect.append(el('option', { value: String(z) }, `${z}×`));
      zoomSelect.value = String(this.zoom);
      zoomSelect.addEventListener('change', () => {
        this.zoom = Number(zoomSelect.value);
        this.render();
        this.onChange();
      });

      this.tabs = el('div', { role: 'tablist', 'aria-label': 'View' });
      this.panel = el('div', { role: 'tabpanel', id: `${key}-panel`, class: 'panel' });
      for (const [name, label] of VIEWS) {
        const tab = el('button', { type: 'button', role: 'tab', id: `${key}-tab-${name}`, 'aria-controls': `${key}-panel`, 'data-view': name }, label);
        tab.addEventListener('click', () => this.show(name));
        tab.addEventListener('keydown', (e) => this.arrowKeys(e));
        this.tabs.append(tab);
      }
      this.element = el('div', { class: 'frame-views', role: 'group', 'aria-label': 'Changed frame' }, [
        el('div', { class: 'controls' }, [el('label', {}, ['Frame ', frameSelect]), el('label', {}, ['Zoom ', zoomSelect])]),
        this.tabs, this.panel,
      ]);
      this.show('side');
    }

    // Left and right move between the tabs, as ARIA's tab pattern has it.
    arrowKeys(e) {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      const names = VIEWS.map(([name]) => name);
      const at = names.indexOf(this.view) + (e.key === 'ArrowRight' ? 1 : -1);
      this.show(names[(at + names.length) % names.length]);
      this.tabs.querySelector(`[data-view="${this.view}"]`).focus();
      e.preventDefault();
    }

    select(index) {
      this.index = index;
      this.frameSelect.value = String(index);
      this.render();
    }

    show(view) {
      this.view = view;
      for (const tab of this.tabs.children) {
        const selected = tab.dataset.view === view;
        tab.setAttribute('aria-selected', String(selected));
        tab.tabIndex = selected ? 0 : -1;
        if (selected) this.panel.setAttribute('aria-labelledby', tab.id);
      }
      this.render();
    }

    render() {
      clearInterval(this.strobeTimer);
      this.strobeTimer = null;
      this.panel.replaceChildren();
      this.panel.dataset.view = this.view;
      const g = this.group;
      if (this.view === 'side') {
        const expected = new Sprite(g, 'expected');
        const actual = new Sprite(g, 'actual');
        expected.show(this.index, this.zoom);
        actual.show(this.index, this.zoom);
        this.panel.append(el('div', { class: 'pair' }, [figure(expected, 'expected'), figure(actual, 'actual')]));
      } else if (this.view === 'slider') {
        this.renderSlider();
      } else if (this.view === 'strobe') {
        const sprite = new Sprite(g, 'expected');
        const caption = el('figcaption', { 'aria-live': 'off' });
        const flip = (strip) => {
          sprite.strip = strip;
          sprite.element.style.backgroundImage = `url("${g.images[strip]}")`;
          sprite.element.dataset.showing = strip;
          sprite.show(this.index, this.zoom);
          caption.textContent = `${strip} (flips every ${STROBE_MS} ms)`;
        };
        flip('expected');
        this.panel.append(el('figure', {}, [sprite.element, caption]));
        this.strobeTimer = setInterval(() => flip(sprite.strip === 'expected' ? 'actual' : 'expected'), STROBE_MS);
      } else {
        const diff = new Sprite(g, 'difference');
        diff.show(this.index, this.zoom);
        this.panel.append(figure(diff, 'difference: grey where they agree, red where there is more ink now, blue less'));
      }
    }

    // Expected left of the edge, actual right of it; the edge on a whole image pixel. The actual
    // side is the cell less its left part, not a clipped cell: a clip path would make Chromium
    // smooth the scaled image.
    renderSlider() {
      const g = this.group;
      const expected = new Sprite(g, 'expected');
      const actual = new Sprite(g, 'actual');
      expected.show(this.index, this.zoom);
      actual.element.classList.add('over');
      const divider = el('div', { class: 'divider', 'aria-hidden': 'true' });
      const stage = el('div', { class: 'stage' }, [expected.element, actual.element, divider]);
      const range = el('input', { type: 'range', min: '0', max: '100', step: '1', 'aria-label': 'Slider position' });
      range.value = String(this.split);
      const place = () => {
        this.split = Number(range.value);
        const edge = Math.round((this.split / 100) * g.size) * this.zoom;  // screen px, on an image pixel's edge
        actual.show(this.index, this.zoom, edge);
        actual.element.style.left = `${edge}px`;
        divider.style.left = `${edge}px`;
        stage.dataset.edge = String(edge);
      };
      range.addEventListener('input', place);
      place();
      this.panel.append(stage, el('label', { class: 'slider' }, ['expected ', range, ' actual']));
    }
  }

  // The motion, expected and actual in step.
  class Motion {
    constructor(group, key, onSeek) {
      this.group = group;
      this.onSeek = onSeek;
      const last = group.keyFrames[group.keyFrames.length - 1].frame;
      this.length = Math.max(group.frameCount.expected, group.frameCount.actual, last + 1);
      this.rate = group.frameRate > 0 ? group.frameRate : 60;
      this.time = 0;  // in frames
      this.speed = 1;
      this.playing = false;
      this.zoom = DEFAULT_ZOOM;
      this.expected = new Sprite(group, 'expected');
      this.actual = new Sprite(group, 'actual');

      this.playButton = el('button', { type: 'button', class: 'play' }, 'Play');
      this.playButton.addEventListener('click', () => (this.playing ? this.pause() : this.play()));
      this.scrubber = el('input', { type: 'range', min: '0', max: String(this.length - 1), step: '1', 'aria-label': 'Time' });
      this.scrubber.addEventListener('input', () => this.seek(Number(this.scrubber.value)));
      const marks = el('div', { class: 'marks', 'aria-hidden': 'true' });
      const jumps = el('p', { class: 'jumps' }, 'Differing frames: ');
      for (const k of group.keyFrames.filter(changed)) {
        const mark = el('span', { class: 'mark', title: `frame ${k.frame} ${k.status}` });
        mark.style.left = `${(100 * k.frame) / Math.max(1, this.length - 1)}%`;
        mark.dataset.frame = String(k.frame);
        marks.append(mark);
        const jump = el('button', { type: 'button', 'aria-label': `Go to frame ${k.frame}` }, String(k.frame));
        jump.addEventListener('click', () => {
          this.pause();
          this.seek(k.frame);
          this.onSeek(group.keyFrames.indexOf(k));
        });
        jumps.append(jump, ' ');
      }
      this.clock = el('output', { class: 'time' });
      const speed = el('fieldset', { class: 'speed' }, [el('legend', {}, 'Speed')]);
      for (const [value, label] of SPEEDS) {
        const radio = el('input', { type: 'radio', name: `${key}-speed`, value: String(value) });
        radio.checked = value === this.speed;
        radio.addEventListener('change', () => { if (radio.checked) this.speed = value; });
        speed.append(el('label', {}, [radio, ` ${label}`]));
      }
      this.element = el('div', { class: 'motion', role: 'group', 'aria-label': 'Motion' }, [
        el('div', { class: 'pair' }, [figure(this.expected, 'expected'), figure(this.actual, 'actual')]),
        el('div', { class: 'transport' }, [this.playButton, el('div', { class: 'scrub' }, [this.scrubber, marks]), this.clock, speed]),
        jumps,
      ]);
      this.render();
    }

    // The key frame shown at the current time: the last one at or before it.
    keyIndex() {
      const frame = Math.floor(this.time);
      let index = 0;
      this.group.keyFrames.forEach((k, i) => { if (k.frame <= frame) index = i; });
      return index;
    }

    render() {
      const index = this.keyIndex();
      this.expected.show(index, this.zoom);
      this.actual.show(index, this.zoom);
      const frame = Math.floor(this.time);
      this.scrubber.value = String(frame);
      this.clock.textContent = `frame ${frame} / ${this.length - 1}`;
      this.element.dataset.frame = String(frame);
      this.element.dataset.playing = String(this.playing);
    }

    seek(frame) {
      this.time = Math.min(Math.max(frame, 0), this.length - 1);
      this.render();
    }

    play() {
      this.playing = true;
      this.playButton.textContent = 'Pause';
      let then = null;
      const step = (now) => {
        if (!this.playing) return;
        if (then !== null) this.time = (this.time + ((now - then) / 1000) * this.rate * this.speed) % this.length;
        then = now;
        this.render();
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
      this.render();
    }

    pause() {
      this.playing = false;
      this.playButton.textContent = 'Play';
      this.render();
    }
  }

  const groups = [];
  for (const container of document.querySelectorAll('.views[data-group]')) {
    const group = data.groups[Number(container.dataset.group)];
    const section = container.closest('section');
    const key = section.id;
    let frames = null;
    let motion = null;
    frames = new FrameViews(group, key, () => {
      motion.zoom = frames.zoom;
      motion.render();
    });
    motion = new Motion(group, key, (index) => frames.select(index));
    container.append(el('h4', {}, 'A changed frame'), frames.element, el('h4', {}, 'The motion'), motion.element);
    // The script's views replace the still images the page shows without it.
    const still = section.querySelector('.worst');
    if (still) still.hidden = true;
    groups.push({ section, frames, motion });
  }
  window.iconsynthGolden = { groups };
})();
