// iconsynth preview page: the parameter panel of the editor. A control for every tunable value the
// server lists (`spec --paths`), grouped as the spec is, each named by its --set path so a person
// with a screen reader and a test find it alike: a number is a field (spinbutton) and a slider,
// stepping by the path's step (frames by whole frames) on the arrow keys, ten steps with Shift and
// a tenth with Alt; a colour is a colour input; an easing is a preset list (a select-only
// combobox: arrows preview, Enter takes, Esc puts it back) beside the plot's handles.
(function () {
  'use strict';
  const viewer = window.iconsynthPreview;
  const editor = window.iconsynthEditor || null;  // editor.js runs first
  let rows = new Map();  // path → row
  let listed = '';       // the paths the rows were made for

  const decimals = (x) => {
    const s = String(x);
    return s.includes('e-') ? Number(s.split('e-')[1]) : (s.split('.')[1] || '').length;
  };
  const round = (v, places) => Number(v.toFixed(Math.min(10, places)));
  const isDuration = (entry) => entry.kind === 'duration';
  // A value as the control shows it: a duration "200ms" as 200.
  const shown = (entry, value) => (isDuration(entry) ? parseFloat(value) : value);
  const written = (entry, number) => (isDuration(entry) ? `${number}ms` : number);

  // One arrow key's move: the path's step, ×10 with Shift, ÷10 with Alt.
  function keyStep(entry, e) {
    const moves = { ArrowUp: 1, ArrowRight: 1, ArrowDown: -1, ArrowLeft: -1, PageUp: 10, PageDown: -10 };
    if (!(e.key in moves) && e.key !== 'Home' && e.key !== 'End') return null;
    const current = Number(shown(entry, editor.value(entry.path)));
    if (e.key === 'Home') return entry.min;
    if (e.key === 'End') return entry.max;
    const step = entry.step * (e.shiftKey ? 10 : 1) * (e.altKey ? 0.1 : 1);
    // Written to the precision of the path's step (a tenth of it with Alt): float noise never reaches the file.
    const places = decimals(entry.step) + (e.altKey ? 1 : 0);
    return Math.max(entry.min, Math.min(entry.max, round(current + moves[e.key] * step, places)));
  }

  function numberRow(entry) {
    const row = document.createElement('div');
    row.className = 'param';
    row.dataset.path = entry.path;
    row.innerHTML = '<span class="name"></span><input class="field" type="number"><input class="slider" type="range">' +
                    '<span class="unit"></span><button class="copy" type="button">--set</button>' +
                    '<span class="note"></span><span class="message" role="alert"></span>';
    const field = row.querySelector('.field'), slider = row.querySelector('.slider');
    for (const input of [field, slider]) {
      input.setAttribute('aria-label', entry.path);
      input.addEventListener('keydown', (e) => {
        const next = keyStep(row.entry, e);
        if (next === null) return;
        e.preventDefault();
        editor.scrub(entry.path, written(row.entry, next), e.timeStamp);
        paint(row);
      });
      input.addEventListener('keyup', () => editor.end(entry.path));
      input.addEventListener('blur', () => editor.end(entry.path));
    }
    slider.addEventListener('input', (e) => {
      // Dragged, it stops on the path's steps (the slider itself is free, so it can show any value).
      const step = row.entry.step;
      const snapped = round(Math.round(Number(slider.value) / step) * step, decimals(step));
      editor.scrub(entry.path, written(row.entry, Math.max(row.entry.min, Math.min(row.entry.max, snapped))), e.timeStamp);
      paint(row);
    });
    slider.addEventListener('change', () => {
      editor.end(entry.path);
      row.painted = null;  // the thumb where the pointer left it: put on the value taken
      paint(row);
    });
    field.addEventListener('input', () => { row.typing = true; });
    field.addEventListener('change', (e) => {
      row.typing = false;
      const value = Number(field.value);
      if (field.value.trim() === '' || !Number.isFinite(value)) {
        editor.refuse(entry.path, `"${field.value}" is not a number`);
        return;
      }
      editor.set(entry.path, written(row.entry, value), e.timeStamp);
    });
    return row;
  }

  function colourRow(entry) {
    const row = document.createElement('div');
    row.className = 'param colour';
    row.dataset.path = entry.path;
    row.innerHTML = '<span class="name"></span><input class="field" type="color"><span class="unit"></span>' +
                    '<button class="copy" type="button">--set</button><span class="note"></span><span class="message" role="alert"></span>';
    const input = row.querySelector('.field');
    input.setAttribute('aria-label', entry.path);
    // The spec writes #RRGGBB (its alpha, when it has one, stays).
    const asSpec = (hex) => hex.toUpperCase() + String(editor.value(entry.path)).slice(7);
    input.addEventListener('input', (e) => editor.scrub(entry.path, asSpec(input.value), e.timeStamp));
    input.addEventListener('change', () => editor.end(entry.path));
    return row;
  }

  // The easing presets as a select-only combobox (the ARIA pattern): arrows move through the
  // list and preview each preset on the icon, Enter (or a click) takes it, Esc puts the easing back.
  function easingRow(entry) {
    const row = document.createElement('div');
    row.className = 'param easing';
    row.dataset.path = entry.path;
    const list = `presets-${entry.path.replace(/[^a-z0-9]/gi, '-')}`;
    row.innerHTML = `<span class="name"></span><div class="combo" role="combobox" tabindex="0" aria-haspopup="listbox" ` +
                    `aria-expanded="false" aria-controls="${list}"></div><ul class="presets" role="listbox" id="${list}" hidden></ul>` +
                    '<button class="copy" type="button">--set</button><span class="note"></span><span class="message" role="alert"></span>';
    const combo = row.querySelector('.combo'), box = row.querySelector('.presets');
    combo.setAttribute('aria-label', entry.path);
    box.setAttribute('aria-label', `${entry.path} presets`);
    const presets = viewer.data().easingPresets.map((p) => p.name);
    presets.forEach((name, i) => {
      const o = document.createElement('li');
      o.role = 'option';
      o.id = `${list}-${i}`;
      o.textContent = name;
      o.addEventListener('mousedown', (e) => e.preventDefault());  // keep the focus on the combobox
      o.addEventListener('click', () => { active = i; preview(); close(true); });
      box.appendChild(o);
    });
    let active = -1, before = null;
    const open = () => {
      if (!box.hidden) return;
      before = editor.value(entry.path);
      editor.begin(entry.path);
      active = Math.max(0, presets.indexOf(before));
      box.hidden = false;
      combo.setAttribute('aria-expanded', 'true');
      mark();
    };
    const mark = () => {
      box.querySelectorAll('[role=option]').forEach((o, i) => o.setAttribute('aria-selected', String(i === active)));
      combo.setAttribute('aria-activedescendant', `${list}-${active}`);
    };
    const preview = (t) => { mark(); editor.scrub(entry.path, presets[active], t); };
    const close = (take) => {
      if (box.hidden) return;
      if (!take) editor.scrub(entry.path, before);
      editor.end(entry.path);
      box.hidden = true;
      combo.setAttribute('aria-expanded', 'false');
      combo.removeAttribute('aria-activedescendant');
      paint(row);
    };
    combo.addEventListener('click', () => (box.hidden ? open() : close(true)));
    combo.addEventListener('blur', () => close(true));
    combo.addEventListener('keydown', (e) => {
      const moves = { ArrowDown: 1, ArrowUp: -1 };
      if (box.hidden) {
        if (e.key in moves || e.key === 'Enter' || e.key === ' ') { e.preventDefault(); open(); }
        return;
      }
      if (e.key in moves) {
        e.preventDefault();
        active = (active + moves[e.key] + presets.length) % presets.length;
        preview(e.timeStamp);
      } else if (e.key === 'Home' || e.key === 'End') {
        e.preventDefault();
        active = e.key === 'Home' ? 0 : presets.length - 1;
        preview(e.timeStamp);
      } else if (e.key === 'Enter' || e.key === ' ' || e.key === 'Tab') {
        if (e.key !== 'Tab') e.preventDefault();
        close(true);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        close(false);
      }
    });
    return row;
  }

  function makeRow(entry) {
    const row = entry.kind === 'colour' ? colourRow(entry) : entry.kind === 'easing' ? easingRow(entry) : numberRow(entry);
    row.entry = entry;
    row.querySelector('.name').textContent = entry.name;
    // The --set path, shown while the row is pointed at or worked on (its controls are named by it).
    const path = document.createElement('code');
    path.className = 'path';
    path.textContent = entry.path;
    row.appendChild(path);
    // What it does in the motion's terms, read with its controls (their name stays the path).
    if (entry.about) {
      const about = document.createElement('span');
      about.className = 'about';
      about.id = `about-${entry.path.replace(/[^a-z0-9]/gi, '-')}`;
      about.textContent = entry.about;
      row.appendChild(about);
      for (const control of row.querySelectorAll('input, .combo')) control.setAttribute('aria-describedby', about.id);
    }
    const copy = row.querySelector('.copy');
    copy.setAttribute('aria-label', `copy the --set flag of ${entry.path}`);
    copy.addEventListener('click', () => {
      const flag = editor.lastResponse.changes.find((c) => c.path === entry.path);
      const text = flag ? flag.set : `--set ${entry.path}=${typeof editor.value(entry.path) === 'string'
        ? editor.value(entry.path) : JSON.stringify(editor.value(entry.path))}`;
      if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
      copy.title = text;
    });
    // Working on a motion's value shows that motion.
    const motion = /^motions\.([^.]+)\./.exec(entry.path);
    if (motion) row.addEventListener('focusin', () => viewer.setMotion(motion[1]));
    return row;
  }

  // Shows a row's value, range, note and error (a row that would look the same is left alone:
  // an edit repaints the few rows it changed, not the whole panel).
  function paint(row) {
    const entry = row.entry;
    const value = editor.value(entry.path);
    const error = editor.errors.get(entry.path);
    const note = editor.drawn.find((d) => d.path === entry.path);
    const look = JSON.stringify([value, entry.min, entry.max, entry.unit, error, note, row.typing]);
    if (row.painted === look) return;
    row.painted = look;
    const message = row.querySelector('.message');
    message.textContent = error || '';
    message.hidden = !error;
    for (const input of row.querySelectorAll('input, .combo')) input.setAttribute('aria-invalid', String(!!error));
    row.querySelector('.note').textContent = note ? `${note.written} → drawn as ${note.drawn}${note.why ? ` (${note.why})` : ''}` : '';
    if (entry.kind === 'easing') {
      row.querySelector('.combo').textContent = typeof value === 'string' ? value : `custom [${value.join(', ')}]`;
      return;
    }
    if (entry.kind === 'colour') {
      const input = row.querySelector('.field');
      if (document.activeElement !== input) input.value = String(value).slice(0, 7).toLowerCase();
      row.querySelector('.unit').textContent = String(value);
      return;
    }
    const number = Number(shown(entry, value));
    const unit = entry.unit || '';
    row.querySelector('.unit').textContent = unit;
    const field = row.querySelector('.field'), slider = row.querySelector('.slider');
    Object.assign(field, { min: entry.min, max: entry.max, step: 'any' });
    Object.assign(slider, { min: entry.min, max: entry.max, step: 'any' });
    // Text being typed, or refused, stays in the field as the person wrote it.
    if (!row.typing && !(error && document.activeElement === field)) field.value = String(number);
    slider.value = String(number);
    slider.setAttribute('aria-valuetext', `${number}${unit ? ` ${unit}` : ''}`);
  }

  // The rows, made again when the list of paths changes (a motion or an easing's handles added).
  function render() {
    const key = editor.order.join('|');
    const panel = document.getElementById('parameters');
    if (key !== listed) {
      listed = key;
      rows = new Map();
      for (const old of panel.querySelectorAll('fieldset')) old.remove();
      let group = null, fieldset = null;
      for (const path of editor.order) {
        const entry = editor.entry(path);
        // An easing's handles one by one are the plot's; the panel holds the easing whole.
        if (/\.ease\.\d$/.test(path)) continue;
        if (entry.group !== group) {
          group = entry.group;
          fieldset = document.createElement('fieldset');
          const legend = document.createElement('legend');
          legend.textContent = group;
          fieldset.appendChild(legend);
          panel.appendChild(fieldset);
        }
        const row = makeRow(entry);
        rows.set(path, row);
        fieldset.appendChild(row);
      }
    }
    for (const [path, row] of rows) {
      row.entry = editor.entry(path);
      paint(row);
    }
    find();
  }

  // The search box: the rows where every word typed starts a word of the row's group, name, path
  // or what it does ("land" finds the landing swells). A number names a round, a preset or an
  // index, so it matches only a whole word of the name, group or path ("strong round 1": that
  // round's values, not a "1" in what another round's value does).
  const tokens = (text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  function matches(entry, word) {
    const own = tokens(`${entry.group} ${entry.name} ${entry.path}`);
    if (/^\d+$/.test(word)) return own.includes(word);
    return own.concat(tokens(entry.about || '')).some((t) => t.startsWith(word));
  }
  function find() {
    const words = tokens(document.getElementById('find-value').value);
    let shown = 0;
    for (const fieldset of document.querySelectorAll('#parameters fieldset')) {
      let any = false;
      for (const row of fieldset.querySelectorAll('.param')) {
        row.hidden = !words.every((w) => matches(row.entry, w));
        any = any || !row.hidden;
        shown += row.hidden ? 0 : 1;
      }
      fieldset.hidden = !any;
    }
    document.getElementById('find-count').textContent = words.length ? `${shown} of ${rows.size} values` : '';
  }

  if (editor) {
    document.getElementById('find-value').addEventListener('input', find);
    editor.on('applied', render);
    editor.on('changes', (path) => { const row = rows.get(path); if (row) paint(row); });
    editor.on('error', ({ path }) => { const row = rows.get(path); if (row) paint(row); });
  }
})();
