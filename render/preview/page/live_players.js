// iconsynth preview page: the players follow a dragged value at once. When a gesture starts on a
// value, the server is asked what that value drives in the shown motion's animations (POST
// api/bind: each number there as offset + slopes · the value's components, measured from the
// exporter; render/preview/lottie_bindings.h); while the value moves, each card is loaded again
// with those numbers moved (at most once an animation frame, the latest value), without waiting
// for the rebuild. The rebuild's answer then replaces what the page drew: the server stays the
// truth. A value that is not bound (a length, a colour) waits for the answer.
(function () {
  'use strict';
  const viewer = window.iconsynthPreview;
  const editor = window.iconsynthEditor;
  if (!viewer || !editor || !editor.served) return;

  const tables = new Map();  // "motion path others" → the server's answer (a promise until it comes)
  let live = null;           // the bound table of the gesture under way

  // The numbers a value is made of, as the server reads them: a number, "Nms", four handles, a
  // named easing's handles; null for anything else.
  function components(value) {
    if (typeof value === 'number') return [value];
    if (Array.isArray(value)) return value.length === 4 && value.every(Number.isFinite) ? value : null;
    if (typeof value !== 'string') return null;
    const ms = /^(-?\d+(?:\.\d+)?)\s*ms$/.exec(value);
    if (ms) return [Number(ms[1])];
    const preset = viewer.data().easingPresets.find((p) => p.name === value);
    return preset && preset.kind !== 'hold' ? preset.handles : null;
  }

  // Sets the number at a JSON pointer; false when the pointer does not lead to a number.
  function setAt(data, pointer, value) {
    const keys = pointer.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
    let node = data;
    for (const key of keys.slice(0, -1)) {
      node = node[key];
      if (node === null || typeof node !== 'object') return false;
    }
    const last = keys[keys.length - 1];
    if (typeof node[last] !== 'number') return false;
    node[last] = Math.round(value * 1e6) / 1e6;  // as the exporter writes values
    return true;
  }

  // Moves the players to `value` by the live table; false (and the table dropped) when it does
  // not fit the animations any more.
  function show(value) {
    const c = components(value);
    if (!live || !c || c.length !== live.at.length) return false;
    let fits = true;
    viewer.patchPlayers((id, data) => {
      const leaves = live.cards[id];
      if (!leaves) return false;
      for (const [pointer, offset, slopes] of leaves) {
        fits = fits && setAt(data, pointer, slopes.reduce((sum, s, i) => sum + s * c[i], offset));
      }
      return fits;
    });
    if (!fits) {
      live = null;
      editor.boundPath = null;
    }
    return fits;
  }

  editor.on('begin', (path) => {
    live = null;
    editor.boundPath = null;
    const motion = viewer.state.motion;
    if (!path.startsWith(`motions.${motion}.`)) return;  // only the shown motion's cards move
    const changes = [...editor.changes].filter(([p]) => p !== path).map(([p, value]) => ({ p, value }));
    const key = JSON.stringify([motion, path, changes]);
    let entry = tables.get(key);
    if (!entry) {
      if (tables.size > 32) tables.clear();
      const asked = [...editor.changes].map(([p, value]) => ({ path: p, value }));
      entry = { table: undefined };  // the answer, once it came (null: not bound)
      entry.came = editor.api('api/bind', { changes: asked, path, motion })
        .then(({ status, json }) => (status === 200 && json.bound ? json : null))
        .catch(() => null)
        .then((table) => { entry.table = table; return table; });
      tables.set(key, entry);
    }
    const take = (table) => {
      live = table && { ...table, path, motion };
      editor.boundPath = live && live.cards ? path : null;  // the editor's rebuilds may wait for the gesture
    };
    // A table answered before is taken now, so the gesture's first value moves the players too.
    if (entry.table !== undefined) { take(entry.table); return; }
    // Until it comes the value is rebuilt as it moves: on a loaded machine measuring it can take
    // longer than a rebuild.
    const gesture = {};
    live = gesture;  // this gesture's, until the table comes (or another gesture starts)
    entry.came.then((table) => { if (live === gesture) take(table); });
  });

  // At most one patch an animation frame, of the latest value: each costs milliseconds of the
  // main thread, which the Cairo frame's request and answer would otherwise wait behind whenever
  // events come faster than frames.
  const follows = (path) => live && live.cards && live.path === path && live.motion === viewer.state.motion;
  let queued = null;  // the latest {path, value, seq} not drawn yet
  editor.on('scrub', (scrubbed) => {
    if (!follows(scrubbed.path)) return;
    if (!queued) requestAnimationFrame(patchQueued);
    queued = scrubbed;
  });
  function patchQueued() {
    const { path, value, seq } = queued;
    queued = null;
    if (!follows(path)) return;
    const start = performance.now();
    if (!show(value)) return;
    editor.latency.patch.push(performance.now() - start);
    editor.playersShow(seq);
  }

  // An answer older than the value now dragged: the players keep showing the newer value (moved
  // again only when the answer loaded its own).
  editor.on('applied', () => {
    if (!live || !live.cards || live.motion !== viewer.state.motion) return;
    if (editor.lastInput() > editor.answeredUpTo && viewer.cards().some((c) => !c.patched)) show(editor.value(live.path));
  });
})();
