// iconsynth preview page: the motion plot as an editor. Over the plot's image, each easing's two
// handles (the squares the plot draws) and each event line placed by a timing can be dragged with
// the pointer or moved with the keyboard, as sliders named by their spec path:
//   "<easing path> x1" … "<easing path> y2"   arrows 0.01, Shift 0.1, Alt 0.001
//   "<timing path> (<event> on the plot)"      whole frames (Alt: free), Shift ten
// A drag is one change (one undo step); while it lasts the path and its value are shown, and the
// curve being shaped is drawn at once, before the server has rebuilt anything.
(function () {
  'use strict';
  const viewer = window.iconsynthPreview;
  const editor = window.iconsynthEditor;
  if (!viewer || !editor || !editor.served) return;
  const NS = 'http://www.w3.org/2000/svg';
  const frame = document.getElementById('plot-frame');
  const svg = document.createElementNS(NS, 'svg');
  svg.id = 'plot-edit';
  svg.setAttribute('preserveAspectRatio', 'none');
  frame.appendChild(svg);
  const label = document.createElement('div');
  label.id = 'plot-drag-label';
  label.setAttribute('role', 'status');
  frame.appendChild(label);
  const COORDS = ['x1', 'y1', 'x2', 'y2'];
  const round = (v, places) => Number(v.toFixed(places));
  let dragging = null;  // the element being dragged

  const info = () => viewer.data().motions[viewer.state.motion];

  // Plot coordinates (the image's own units) of a frame and of a value in a panel.
  function mapper() {
    const m = info(), p = m.plot;
    const x = (f) => p.x0 + ((p.x1 - p.x0) * f) / Math.max(1, m.frames - 1);
    const y = (panel, v) => (panel === 'packet'
      ? p.packetBottom - (p.packetBottom - p.packetTop) * (0.05 + 0.9 * v)
      : p.scaleBottom - ((p.scaleBottom - p.scaleTop) * (v - p.scaleMin)) / (p.scaleMax - p.scaleMin));
    const frameAt = (px) => ((px - p.x0) * Math.max(1, m.frames - 1)) / (p.x1 - p.x0);
    const valueAt = (panel, py) => (panel === 'packet'
      ? ((p.packetBottom - py) / (p.packetBottom - p.packetTop) - 0.05) / 0.9
      : p.scaleMin + ((p.scaleBottom - py) * (p.scaleMax - p.scaleMin)) / (p.scaleBottom - p.scaleTop));
    return { x, y, frameAt, valueAt, plot: p };
  }
  // The overlay's place on screen, taken when a drag starts: asking for it at every move would
  // make the browser lay the page out again after each redraw.
  let box = null;
  function pointerAt(e) {
    if (!box || !dragging) box = svg.getBoundingClientRect();
    const p = info().plot;
    return { x: ((e.clientX - box.left) * p.width) / box.width, y: ((e.clientY - box.top) * p.height) / box.height };
  }

  // An easing's handles now: the page's own value while it is being changed, else the build's.
  function handlesOf(easing) {
    const value = editor.value(easing.path);
    if (Array.isArray(value)) return value.slice();
    const preset = viewer.data().easingPresets.find((p) => p.name === value);
    return preset ? preset.handles.slice() : easing.handles.slice();
  }
  function kindOf(easing) {
    const value = editor.value(easing.path);
    if (Array.isArray(value)) return 'bezier';
    const preset = viewer.data().easingPresets.find((p) => p.name === value);
    return preset ? preset.kind : easing.kind;
  }

  // Keeps one element per key, made (and put on top) when missing and never moved after, so a
  // dragged or focused element survives a redraw (moving a focused element would blur it).
  const kept = new Map();
  function element(key, tag, attrs) {
    let el = kept.get(key);
    if (!el) {
      el = document.createElementNS(NS, tag);
      el.dataset.key = key;
      kept.set(key, el);
      svg.appendChild(el);
    }
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    el.dataset.seen = '1';
    return el;
  }

  // Draws the overlay; `only` (a path being changed) redraws just what shows that path.
  function draw(only) {
    const m = info();
    if (!m || !m.plot.scaleTop) return;
    const map = mapper(), p = map.plot;
    if (!only) {
      svg.setAttribute('viewBox', `0 0 ${p.width} ${p.height}`);
      for (const el of kept.values()) el.dataset.seen = '';
    }
    // Event lines: a timing's line, dragged along the frame axis.
    for (const ev of m.events) {
      if (!ev.path || !editor.entry(ev.path) || (only && ev.path !== only)) continue;
      const entry = editor.entry(ev.path);
      const key = `event ${ev.path} ${ev.kind}`;
      const el = element(key, 'rect', {
        class: 'event-line', role: 'slider', tabindex: 0, 'aria-label': `${ev.path} (${ev.kind} on the plot)`,
        'aria-orientation': 'horizontal', 'aria-valuemin': entry.min, 'aria-valuemax': entry.max,
        y: p.scaleTop, height: p.packetBottom - p.scaleTop, width: 9,
      });
      const value = parseFloat(editor.value(ev.path));
      el.setAttribute('aria-valuenow', String(value));
      el.setAttribute('aria-valuetext', `${value} ${entry.unit}: ${ev.kind} at frame ${round(ev.frame, 2)}`);
      if (el !== dragging) el.setAttribute('x', String(map.x(ev.frame) - 4.5));
      if (!el.querySelector('title')) el.appendChild(document.createElementNS(NS, 'title'));
      el.querySelector('title').textContent = ev.title;
      el.event = ev;
      if (!el.wired) wireEvent(el);
    }
    // Easings: the handle lines, the curve being shaped, and a slider for each coordinate.
    for (const easing of m.easings) {
      if (kindOf(easing) === 'hold' || !editor.entry(easing.path) || (only && easing.path !== only)) continue;
      const h = handlesOf(easing);
      const [f0, v0] = easing.from, [f1, v1] = easing.to;
      const dv = Math.abs(v1 - v0) > 1e-9 ? v1 - v0 : (easing.panel === 'packet' ? 1 : 0.1);
      const at = (u, w) => [map.x(f0 + u * (f1 - f0)), map.y(easing.panel, v0 + w * dv)];
      const a = at(0, 0), b = at(1, (v1 - v0) / dv), p1 = at(h[0], h[1]), p2 = at(h[2], h[3]);
      element(`curve ${easing.path}`, 'path', { class: 'curve', d: `M${a} C${p1} ${p2} ${b}` });
      element(`arm1 ${easing.path}`, 'line', { class: 'arm', x1: a[0], y1: a[1], x2: p1[0], y2: p1[1] });
      element(`arm2 ${easing.path}`, 'line', { class: 'arm', x1: b[0], y1: b[1], x2: p2[0], y2: p2[1] });
      COORDS.forEach((coord, i) => {
        const point = i < 2 ? p1 : p2;
        const isX = coord[0] === 'x';
        const el = element(`handle ${easing.path} ${coord}`, isX ? 'rect' : 'circle', isX
          ? { class: 'handle', x: point[0] - 5, y: point[1] - 5, width: 10, height: 10 }
          : { class: 'handle-y', cx: point[0], cy: point[1], r: 9 });
        el.setAttribute('role', 'slider');
        el.setAttribute('tabindex', '0');
        el.setAttribute('aria-label', `${easing.path} ${coord}`);
        el.setAttribute('aria-valuemin', String(isX ? 0 : easing.yMin));
        el.setAttribute('aria-valuemax', String(isX ? 1 : easing.yMax));
        el.setAttribute('aria-valuenow', String(h[i]));
        el.setAttribute('aria-orientation', isX ? 'horizontal' : 'vertical');
        el.easing = easing;
        el.coord = i;
        if (!el.wired) wireHandle(el);
      });
    }
    if (only) return;
    for (const [key, el] of kept) {
      if (!el.dataset.seen && el !== dragging) { el.remove(); kept.delete(key); }
    }
  }

  function show(text) { label.textContent = text; label.hidden = !text; }

  // The pointer's moves go to the element it grabbed, wherever they happen (a pointer the browser
  // does not know, as a script's own events, cannot be captured: its moves come to the element).
  function capture(el, e) {
    try {
      el.setPointerCapture(e.pointerId);
    } catch (error) {
      // not an active pointer
    }
  }

  // A slider of the plot, dragged or keyed: `path()` the value it changes; `grab(e)` when the
  // pointer takes it, `drag(e)` as it moves, `key(direction, e)` for an arrow key. A drag, or a
  // key held, is one change.
  function slider(el, { path, grab, drag, key, about }) {
    el.wired = true;
    el.addEventListener('pointerdown', (e) => {
      e.preventDefault();
      capture(el, e);
      box = null;
      if (grab) grab(e);
      dragging = el;
      editor.begin(path());
      el.focus();
    });
    el.addEventListener('pointermove', (e) => { if (dragging === el) drag(e); });
    const end = () => {
      if (dragging !== el) return;
      dragging = null;
      editor.end(path());
      show('');
      draw();
    };
    el.addEventListener('pointerup', end);
    el.addEventListener('pointercancel', end);
    el.addEventListener('keydown', (e) => {
      const moves = { ArrowUp: 1, ArrowRight: 1, ArrowDown: -1, ArrowLeft: -1 };
      if (!(e.key in moves)) return;
      e.preventDefault();
      key(moves[e.key], e);
    });
    el.addEventListener('keyup', () => { editor.end(path()); show(''); });
    el.addEventListener('focus', () => show(about()));
    el.addEventListener('blur', () => { if (dragging !== el) show(''); });
  }

  // --- handles ----------------------------------------------------------------------------
  function setHandle(el, handles, t) {
    const e = el.easing;
    handles = handles.map((v, i) => (i % 2 === 0 ? Math.max(0, Math.min(1, v)) : Math.max(e.yMin, Math.min(e.yMax, v))));
    editor.scrub(e.path, handles, t);
    show(`${e.path} = [${handles.join(', ')}]`);
  }
  function wireHandle(el) {
    slider(el, {
      path: () => el.easing.path,
      drag: (e) => {
        const easing = el.easing, map = mapper(), at = pointerAt(e);
        const [f0, v0] = easing.from, [f1, v1] = easing.to;
        const dv = Math.abs(v1 - v0) > 1e-9 ? v1 - v0 : (easing.panel === 'packet' ? 1 : 0.1);
        const places = e.altKey ? 3 : 2;
        const h = handlesOf(easing);
        const first = el.coord < 2 ? 0 : 2;
        h[first] = round((map.frameAt(at.x) - f0) / (f1 - f0), places);
        h[first + 1] = round((map.valueAt(easing.panel, at.y) - v0) / dv, places);
        setHandle(el, h, e.timeStamp);
      },
      key: (direction, e) => {
        const step = e.shiftKey ? 0.1 : e.altKey ? 0.001 : 0.01;
        const h = handlesOf(el.easing);
        h[el.coord] = round(h[el.coord] + direction * step, 3);
        setHandle(el, h, e.timeStamp);
      },
      about: () => `${el.getAttribute('aria-label')} = ${el.getAttribute('aria-valuenow')}`,
    });
  }

  // --- event lines ------------------------------------------------------------------------
  function setTiming(el, frames, t) {
    const ev = el.event, entry = editor.entry(ev.path);
    const isMs = entry.kind === 'duration';
    const fps = viewer.data().fps;
    let value = isMs ? round((frames * 1000) / fps, 1) : frames;
    value = Math.max(entry.min, Math.min(entry.max, value));
    editor.scrub(ev.path, isMs ? `${value}ms` : value, t);
    show(`${ev.path} = ${value} ${entry.unit}`);
  }
  function framesOf(path) {
    const entry = editor.entry(path), v = editor.value(path);
    return entry.kind === 'duration' ? (parseFloat(v) * viewer.data().fps) / 1000 : Number(v);
  }
  function wireEvent(el) {
    let start = null;
    slider(el, {
      path: () => el.event.path,
      grab: (e) => { start = { x: pointerAt(e).x, frames: framesOf(el.event.path), line: Number(el.getAttribute('x')) }; },
      drag: (e) => {
        const map = mapper(), at = pointerAt(e);
        const moved = map.frameAt(at.x) - map.frameAt(start.x);
        const frames = e.altKey ? round(start.frames + moved, 2) : Math.round(start.frames + moved);
        el.setAttribute('x', String(start.line + map.x(frames - start.frames) - map.x(0)));
        setTiming(el, Math.max(0, frames), e.timeStamp);
      },
      key: (direction, e) => {
        const step = e.shiftKey ? 10 : e.altKey ? 0.1 : 1;
        setTiming(el, round(framesOf(el.event.path) + direction * step, 2), e.timeStamp);
      },
      about: () => `${el.event.path} = ${editor.value(el.event.path)}`,
    });
  }

  editor.on('applied', () => draw());
  // Only a change of the shown motion moves anything on its plot.
  editor.on('changes', (path) => { if (path.startsWith(`motions.${viewer.state.motion}.`)) draw(path); });
  viewer.on('motion', () => draw());
})();
