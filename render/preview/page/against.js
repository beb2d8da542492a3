// iconsynth preview page: tweaking toward a target (`preview --serve --against TARGET`). The target's
// animations of the shown motion stand beside our Cairo frames of the same style, on the same
// moment: side by side, one over the other, or strobing between them; check's score of each is
// sent again after every edit. Fit runs `iconsynth fit` on the page's spec in the background
// (cancellable, its progress shown) and offers each value it finds as a proposed change, accepted
// (an edit like any other, undoable) or rejected one by one.
(function () {
  'use strict';
  const viewer = window.iconsynthPreview;
  const editor = window.iconsynthEditor;
  if (!viewer || !editor || !editor.served) return;
  const $ = (id) => document.getElementById(id);
  const MODES = ['side by side', 'overlay', 'strobe'];
  const STROBE_MS = 300;
  const text = (v) => (typeof v === 'string' ? v : JSON.stringify(v));
  let target = null;     // what /api/against says
  const scores = {};     // id → check's score
  let mode = MODES[0], strobeOn = true, figures = [];
  let fit = { state: 'idle', progress: [], proposals: [] };
  const rejected = new Set();

  function shownAnimations() {
    return target ? target.animations.filter((a) => a.motion === viewer.state.motion) : [];
  }

  function build() {
    const root = $('against');
    root.hidden = false;
    root.innerHTML = '<h2></h2><p class="notes"></p><div class="modes" role="radiogroup" aria-label="compare"></div>' +
                     '<div class="pairs"></div><div class="fit"></div>';
    root.querySelector('h2').textContent = `Compared with ${target.name} (${target.kind})`;
    root.querySelector('.notes').textContent = target.notes.join(' · ');
    const modes = root.querySelector('.modes');
    for (const m of MODES) {
      const label = document.createElement('label');
      label.innerHTML = `<input type="radio" name="against-mode"> ${m}`;
      const radio = label.querySelector('input');
      radio.checked = m === mode;
      radio.addEventListener('change', () => { mode = m; layout(); });
      modes.appendChild(label);
    }
    const panel = root.querySelector('.fit');
    panel.innerHTML = '<label>fit <select aria-label="fit what"><option value="motion">the shown motion</option>' +
                      '<option value="all">everything</option></select></label> <button type="button">Fit</button> ' +
                      '<button type="button" disabled>Cancel fit</button> <output class="fit-state" role="status"></output>' +
                      '<ol class="fit-progress" role="log" aria-label="fit progress"></ol>' +
                      '<div class="proposals" hidden><h3>Proposed by fit</h3><button type="button">Accept all</button><ul></ul></div>';
    const [start, cancel] = panel.querySelectorAll('button');
    start.addEventListener('click', startFit);
    cancel.addEventListener('click', () => editor.api('api/fit/cancel', {}));
    panel.querySelector('.proposals > button').addEventListener('click', () => {
      for (const p of pending()) accept(p);
    });
    pairs();
  }

  // A pair per target animation of the shown motion: our Cairo frames of its style, and the target's.
  function pairs() {
    const root = $('against').querySelector('.pairs');
    root.replaceChildren();
    figures = shownAnimations().map((a) => {
      const figure = document.createElement('figure');
      figure.className = 'pair';
      figure.innerHTML = '<div class="stack"><div class="surface ours"><img alt="" hidden></div><div class="surface theirs"></div></div>' +
                         '<figcaption><span class="what"></span><br><span class="score" role="status"></span></figcaption>';
      figure.querySelector('.what').textContent = `${a.id}: ${a.look}`;
      const ours = figure.querySelector('.ours'), theirs = figure.querySelector('.theirs');
      for (const box of [ours, theirs]) box.style.width = box.style.height = `${viewer.data().size}px`;
      theirs.setAttribute('aria-label', `${a.id} as the target draws it`);
      theirs.style.backgroundImage = `url("${a.filmstrip}")`;
      const rows = Math.ceil(a.frames / a.columns), size = viewer.data().size;
      theirs.style.backgroundSize = `${a.columns * size}px ${rows * size}px`;
      root.appendChild(figure);
      return { a, figure, ours, theirs };
    });
    layout();
    show();
    paintScores();
  }

  function layout() {
    for (const f of figures) {
      f.figure.dataset.mode = mode;
      f.theirs.style.opacity = mode === 'overlay' ? '0.5' : '1';
    }
  }

  // Both on our frame's moment: the target's frame at the same time on its own frame rate.
  function show() {
    const d = viewer.data(), frame = viewer.state.frame, size = d.size;
    for (const f of figures) {
      const a = f.a;
      const tf = Math.max(0, Math.min(a.frames - 1, Math.round((frame * a.fps) / d.fps)));
      f.theirs.style.backgroundPosition = `${-(tf % a.columns) * size}px ${-Math.floor(tf / a.columns) * size}px`;
      f.theirs.style.backgroundColor = mode === 'side by side' ? d.themes[a.theme] ? d.themes[a.theme].backdrop : '' : 'transparent';
      const card = viewer.cards().find((c) => c.style === a.style);
      if (card) {
        f.ours.style.backgroundColor = card.cairoBox.style.backgroundColor;
        f.ours.style.backgroundImage = card.cairoBox.style.backgroundImage;
        f.ours.style.backgroundPosition = card.cairoBox.style.backgroundPosition;
        const img = f.ours.querySelector('img');
        img.hidden = card.cairoFrame.hidden;
        if (!card.cairoFrame.hidden && img.src !== card.cairoFrame.src) img.src = card.cairoFrame.src;
      }
      f.theirs.hidden = mode === 'strobe' && !strobeOn;
    }
  }
  setInterval(() => { if (mode === 'strobe') { strobeOn = !strobeOn; show(); } }, STROBE_MS);

  function paintScores() {
    for (const f of figures) {
      const s = scores[f.a.id];
      f.figure.querySelector('.score').textContent = !s ? 'check: scoring…'
        : `check: worst frame ${s.score.toFixed(2)} (${s.players.map((p) => `${p.player} ${p.score.toFixed(2)} at frame ${p.worstFrame}`).join(', ')})` +
          ` · ${s.passed ? 'matches' : 'differs'}`;
    }
  }

  // --- Fit ----------------------------------------------------------------------------------
  async function startFit() {
    const scope = $('against').querySelector('.fit select').value;
    rejected.clear();
    const { status, json } = await editor.api('api/fit', { free: scope === 'motion' ? `motions.${viewer.state.motion}` : '' });
    if (status !== 200) viewer.showError(json.message || (json.error && json.error.message));
    else fitChanged(json);
  }
  const pending = () => fit.proposals.filter((p) => !rejected.has(p.path) && JSON.stringify(editor.value(p.path)) !== JSON.stringify(p.value));
  function accept(p) { editor.set(p.path, p.value); proposals(); }
  function fitChanged(status) {
    fit = status;
    const panel = $('against').querySelector('.fit');
    const [start, cancel] = panel.querySelectorAll(':scope > button');
    start.disabled = status.running;
    cancel.disabled = !status.running;
    panel.querySelector('.fit-state').textContent = status.running ? 'fitting…' : status.state === 'idle' ? '' : `fit ${status.state}: ${status.message}`;
    const log = panel.querySelector('.fit-progress');
    log.replaceChildren(...status.progress.slice(-8).map((line) => {
      const li = document.createElement('li');
      li.textContent = line;
      return li;
    }));
    proposals();
  }
  function proposals() {
    const box = $('against').querySelector('.proposals');
    const list = box.querySelector('ul');
    list.replaceChildren();
    const shown = fit.state === 'done' ? pending() : [];
    box.hidden = shown.length === 0;
    for (const p of shown) {
      const li = document.createElement('li');
      const about = document.createElement('code');
      about.textContent = `${p.path}: ${text(editor.value(p.path))} → ${text(p.value)}`;
      const yes = document.createElement('button'), no = document.createElement('button');
      yes.type = no.type = 'button';
      yes.textContent = 'accept';
      no.textContent = 'reject';
      yes.setAttribute('aria-label', `accept ${p.path}`);
      no.setAttribute('aria-label', `reject ${p.path}`);
      yes.addEventListener('click', () => accept(p));
      no.addEventListener('click', () => { rejected.add(p.path); proposals(); });
      li.append(about, ' ', yes, ' ', no);
      list.appendChild(li);
    }
  }

  async function start() {
    await editor.ready;
    if (!editor.session.against) return;
    // Listening first: a score sent while the target is asked for is not lost.
    const heard = {};
    viewer.events.addEventListener('score', (e) => {
      for (const s of JSON.parse(e.data).scores) heard[s.id] = scores[s.id] = s;
      if (target) paintScores();
    });
    let fitHeard = null;
    viewer.events.addEventListener('fit', (e) => { fitHeard = JSON.parse(e.data); if (target) fitChanged(fitHeard); });
    const { json } = await editor.api('api/against');
    Object.assign(scores, json.scores || {}, heard);
    const fitNow = (await editor.api('api/fit')).json;
    target = json;
    build();
    fitChanged(fitHeard || fitNow);
    viewer.on('frame', show);
    viewer.on('shown', show);
    viewer.on('motion', () => { pairs(); editor.rebuild(); });
    editor.on('applied', show);
    editor.on('changes', proposals);
  }
  start().catch((e) => viewer.showError(`comparing could not start: ${e.message}`));
})();
