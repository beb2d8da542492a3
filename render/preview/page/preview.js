// iconsynth preview page: the viewer. One clock drives both sides: each tick (or scrubber move)
// shows the same integer frame in lottie-web (goToAndStop) and in the Cairo flipbook (a filmstrip
// cell), so what is compared is always the same frame. Colour, weight and theme reach the Lottie
// side only through its slots: the page edits `slots` in a copy of the exported JSON.
// Served by `iconsynth preview --serve`, the page is also an editor (editor.js): it swaps the data
// of each edit in place (swap below), keeping its frame, motion and pickers. Without a server the
// page is a viewer and says so.
(function () {
  'use strict';
  let D = window.ICONSYNTH_PREVIEW;
  const status = window.ICONSYNTH_STATUS || { watch: false, build: '', error: null };
  const $ = (id) => document.getElementById(id);
  const STATUS_POLL_MS = 300;
  const SPEEDS = [1, 0.25, 0.1];

  function showError(message) {
    const box = $('error');
    box.hidden = !message;
    box.textContent = message ? `spec error (the page shows the last good build): ${message}` : '';
  }

  if (!D || !window.lottie) {
    showError(!D ? 'data.js is missing or broken: re-run iconsynth preview'
                 : 'lottie-web/lottie_light_canvas.min.js is missing: re-run iconsynth preview');
    return;
  }

  const hexToRgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  // Same rule as spec::mix: per-channel sRGB mix, rounded to the nearest 8-bit value.
  const mix = (a, b, t) => a.map((c, i) => Math.round(c + (b[i] - c) * t));
  const slotColor = (rgb) => rgb.map((c) => c / 255);
  const weightText = (w) => String(Math.round(w * 100) / 100);

  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const state = {
    motion: D.defaultMotion,
    theme: D.cairo.theme,
    color: D.themes[D.cairo.theme].primary,
    weight: D.cairo.weight,
    frame: 0,
    speed: 1,
    loop: null,  // {from, to}: the frames played over and over, or null for the whole motion
    // Reduced motion: open on the rest pose, paused; the play button (an explicit request) still plays.
    reducedMotion,
    playing: !/[?&]paused\b/.test(location.search) && !reducedMotion,
  };
  let cards = [];  // {style, variant, anim, lottieBox, cairoBox, cairoFrame, lottieCaption, cairoCaption}
  const listeners = { frame: [], motion: [], shown: [] };
  const emit = (name, arg) => listeners[name].forEach((f) => f(arg));

  const motionInfo = () => D.motions[state.motion];
  const frameCount = () => motionInfo().frames;

  // --- Lottie side --------------------------------------------------------------------------
  function themedAnimation(variant) {
    // A copy for the player, which writes into its data (an edit's answer brings the text).
    const data = JSON.parse(typeof variant.lottie === 'string' ? variant.lottie : JSON.stringify(variant.lottie));
    const primary = hexToRgb(state.color);
    data.slots.primary.p.k = slotColor(primary);
    if (data.slots.secondary) {
      const rule = D.themes[state.theme];
      data.slots.secondary.p.k = slotColor(mix(primary, hexToRgb(rule.backdrop), rule.secondaryMix));
    }
    // A time into the weight timeline (render/lottie/slots.h), rounded as the exporter rounds.
    data.slots.weight.p.k = Math.round((state.weight - D.weights.min) * D.weights.secondsPerUnit * 1e6) / 1e6;
    return data;
  }

  // Each card keeps one canvas, sized to the frame: lottie-web draws into its context, so loading
  // new data (every edit) neither makes a canvas nor asks the page for the box's size.
  // `patch(data)`, when given, moves numbers of the card's copy first (a value being dragged);
  // when it answers false the card keeps what it shows.
  function loadLottie(card, patch) {
    const data = themedAnimation(card.variant);
    if (patch && !patch(data)) return;
    card.patched = !!patch;  // showing numbers of its own: the next answer loads the server's
    if (card.anim) card.anim.destroy();
    if (!card.canvas) {
      card.canvas = document.createElement('canvas');
      card.canvas.width = card.canvas.height = D.size;
      card.lottieBox.appendChild(card.canvas);
    }
    card.anim = window.lottie.loadAnimation({
      renderer: 'canvas', loop: false, autoplay: false,
      animationData: data,
      // dpr 1: the canvas holds exactly the frame's pixels, like the Cairo cell beside it.
      rendererSettings: { context: card.canvas.getContext('2d'), clearCanvas: true, preserveAspectRatio: 'xMidYMid meet', dpr: 1 },
    });
    card.anim.addEventListener('DOMLoaded', () => showFrame(card));
    card.anim.addEventListener('error', (e) => console.error('lottie-web:', e && (e.nativeError || e.message || e)));
    showFrame(card);  // lottie-web may have finished loading inside loadAnimation
  }

  // --- Cairo side: the flipbook, or while a new one is drawn, the frame shown drawn alone -----
  function cairoKey(card) { return (card.variant.filmstrips[state.theme] || '') + (card.variant.columns || ''); }

  function showCairo(card) {
    const f = state.frame;
    const cols = card.variant.columns;
    card.cairoBox.style.backgroundPosition = `${-(f % cols) * D.size}px ${-Math.floor(f / cols) * D.size}px`;
    card.cairoBox.dataset.frame = String(f);
    if (!card.frameUrl) { card.cairoFrame.hidden = true; return; }
    // One frame request at a time; a newer frame waits for it and replaces any other waiting.
    const url = `${card.frameUrl}&frame=${f}`;
    if (card.frameLoading) { card.frameWaiting = url; return; }
    if (card.cairoFrame.dataset.src === url && !card.cairoFrame.hidden) return;
    card.frameLoading = true;
    card.cairoFrame.dataset.src = url;
    card.cairoFrame.src = url;
  }

  function showFrame(card) {
    const f = state.frame;
    if (card.anim && card.anim.isLoaded) card.anim.goToAndStop(f, true);  // frames from ip
    card.lottieBox.dataset.frame = String(f);
    showCairo(card);
  }

  function captions() {
    const matches = state.color.toLowerCase() === D.themes[state.theme].primary.toLowerCase() &&
                    Math.abs(state.weight - D.cairo.weight) < 1e-9;
    for (const c of cards) {
      c.lottieCaption.textContent = `lottie-web ${D.lottieWeb} · ${state.color} · w${weightText(state.weight)}` +
                                    (matches ? '' : ' · differs from Cairo');
      c.cairoCaption.textContent = `Cairo · ${state.theme} · ${D.themes[state.theme].primary} · w${weightText(D.cairo.weight)}`;
    }
  }

  function setFrame(f) {
    state.frame = Math.max(0, Math.min(frameCount() - 1, Math.round(f)));
    for (const c of cards) showFrame(c);
    $('scrubber').value = String(state.frame);
    $('scrubber').setAttribute('aria-valuetext', `frame ${state.frame}`);
    const ms = Math.round((state.frame * 1000) / D.fps);
    $('frame-label').textContent = `frame ${state.frame} / ${frameCount() - 1} · ${ms} ms`;
    const plot = motionInfo().plot;
    const x = plot.x0 + ((plot.x1 - plot.x0) * state.frame) / Math.max(1, frameCount() - 1);
    $('plot-cursor').style.left = `${(100 * x) / plot.width}%`;
    emit('frame', state.frame);
  }

  // A hover mark on each event line of the plot: the event and the spec path (and value) that
  // places it. (The editor puts its own draggable lines over these.)
  function eventMarks() {
    for (const old of document.querySelectorAll('#plot-frame .event')) old.remove();
    const info = motionInfo();
    const plot = info.plot;
    for (const e of info.events || []) {
      const mark = document.createElement('div');
      mark.className = 'event';
      const x = plot.x0 + ((plot.x1 - plot.x0) * e.frame) / Math.max(1, frameCount() - 1);
      mark.style.left = `${(100 * x) / plot.width}%`;
      mark.title = e.title;
      $('plot-frame').appendChild(mark);
    }
  }

  function applyTheme() {
    const backdrop = D.themes[state.theme].backdrop;
    for (const c of cards) {
      c.lottieBox.style.background = backdrop;
      c.cairoBox.style.backgroundColor = backdrop;
      const src = c.variant.filmstrips[state.theme];
      c.cairoBox.style.backgroundImage = `url("${src}${src.includes('?') ? '&' : '?'}g=${D.build}")`;
      c.frameUrl = null;
    }
  }

  function showPlot() {
    const plot = motionInfo().plot;
    const src = plot.src.includes('?') ? plot.src : `${plot.src}?g=${D.build}`;
    if ($('plot-image').getAttribute('src') !== src) $('plot-image').src = src;
    $('plot-image').width = plot.width;
    eventMarks();
  }

  function buildCards() {
    for (const c of cards) if (c.anim) c.anim.destroy();
    const root = $('cards');
    root.replaceChildren();
    cards = D.styles.map((style) => {
      const variant = D.variants[`${style}-${state.motion}`];
      const card = document.createElement('section');
      card.className = 'card';
      card.dataset.style = style;
      card.innerHTML = `<h2>${style} · ${state.motion}</h2><div class="sides">` +
        `<figure class="side"><div class="surface lottie" id="lottie-${style}"></div><figcaption></figcaption></figure>` +
        `<figure class="side"><div class="surface cairo" id="cairo-${style}"><img class="cairo-frame" alt="" hidden></div>` +
        `<figcaption></figcaption></figure></div>`;
      root.appendChild(card);
      const [lottieBox, cairoBox] = card.querySelectorAll('.surface');
      for (const box of [lottieBox, cairoBox]) box.style.width = box.style.height = `${D.size}px`;
      // Captions wrap under their player, so the two players stay side by side.
      for (const side of card.querySelectorAll('.side')) side.style.width = `${D.size}px`;
      const [lottieCaption, cairoCaption] = card.querySelectorAll('figcaption');
      const cairoFrame = cairoBox.querySelector('.cairo-frame');
      const c = { style, variant, anim: null, lottieBox, cairoBox, cairoFrame, lottieCaption, cairoCaption, frameUrl: null };
      cairoFrame.addEventListener('load', () => frameLoaded(c));
      cairoFrame.addEventListener('error', () => frameLoaded(c));
      return c;
    });
    applyTheme();
    for (const c of cards) loadLottie(c);
    $('scrubber').max = String(frameCount() - 1);
    showPlot();
    captions();
    setFrame(Math.min(state.frame, frameCount() - 1));
    emit('motion', state.motion);
  }

  function frameLoaded(card) {
    card.frameLoading = false;
    if (card.frameUrl && card.cairoFrame.dataset.src.startsWith(card.frameUrl)) {
      card.cairoFrame.hidden = false;
      emit('shown', { side: 'cairo', card: card.style, src: card.cairoFrame.dataset.src });
    }
    if (card.frameWaiting) {
      const next = card.frameWaiting;
      card.frameWaiting = null;
      if (card.frameUrl && next.startsWith(card.frameUrl) && card.cairoFrame.dataset.src !== next) {
        card.frameLoading = true;
        card.cairoFrame.dataset.src = next;
        card.cairoFrame.src = next;
      }
    }
  }

  function reloadLottie() {
    for (const c of cards) loadLottie(c);
    captions();
  }

  // --- clock: play, pause, speed, a loop region -----------------------------------------
  let clockStart = 0, clockFrom = 0;
  function span() {
    const last = frameCount() - 1;
    if (!state.loop) return { from: 0, to: last };
    const from = Math.max(0, Math.min(last, state.loop.from)), to = Math.max(from, Math.min(last, state.loop.to));
    return { from, to };
  }
  function tick(now) {
    if (!state.playing) return;
    const { from, to } = span();
    const played = Math.floor(((now - clockStart) * D.fps * state.speed) / 1000);
    const length = to - from + 1;
    setFrame(from + ((clockFrom - from + played) % length + length) % length);
    requestAnimationFrame(tick);
  }
  function setPlaying(playing) {
    state.playing = playing;
    $('play').textContent = playing ? 'pause' : 'play';
    $('play').setAttribute('aria-pressed', String(playing));
    if (playing) {
      const { from, to } = span();
      clockFrom = state.frame < from || state.frame > to ? from : state.frame;  // resume where the scrubber is
      clockStart = performance.now();
      requestAnimationFrame(tick);
    }
  }
  function restartClock() { if (state.playing) setPlaying(true); }

  // --- controls -----------------------------------------------------------------------------
  function option(select, value, text) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text || value;
    select.appendChild(o);
  }
  Object.keys(D.motions).forEach((m) => option($('motion'), m));
  Object.keys(D.themes).forEach((t) => option($('theme'), t));
  SPEEDS.forEach((s) => option($('speed'), String(s), `${s}×`));
  $('motion').value = state.motion;
  $('theme').value = state.theme;
  $('color').value = state.color;
  const weight = $('weight');
  Object.assign(weight, { min: D.weights.min, max: D.weights.max, step: 0.05, value: state.weight });
  for (const w of D.weights.presets) {
    const o = document.createElement('option');
    o.value = w;
    $('weight-presets').appendChild(o);
  }
  $('weight-value').textContent = weightText(state.weight);

  function setMotion(m) {
    if (m === state.motion || !D.motions[m]) return;
    state.motion = m;
    $('motion').value = m;
    state.frame = 0;
    buildCards();
  }
  $('motion').addEventListener('change', (e) => setMotion(e.target.value));
  $('theme').addEventListener('change', (e) => {
    state.theme = e.target.value;
    state.color = D.themes[state.theme].primary;
    $('color').value = state.color;
    applyTheme();
    reloadLottie();
    for (const c of cards) showCairo(c);
  });
  $('color').addEventListener('input', (e) => { state.color = e.target.value; reloadLottie(); });
  weight.addEventListener('input', (e) => {
    state.weight = Number(e.target.value);
    $('weight-value').textContent = weightText(state.weight);
    reloadLottie();
  });
  $('reset').addEventListener('click', () => {
    state.color = $('color').value = D.themes[state.theme].primary;
    state.weight = D.cairo.weight;
    weight.value = state.weight;
    $('weight-value').textContent = weightText(state.weight);
    reloadLottie();
  });
  $('play').addEventListener('click', () => setPlaying(!state.playing));
  $('scrubber').addEventListener('input', (e) => { setPlaying(false); setFrame(Number(e.target.value)); });
  $('speed').addEventListener('change', (e) => { state.speed = Number(e.target.value); restartClock(); });
  function readLoop() {
    const from = Number($('loop-from').value), to = Number($('loop-to').value);
    state.loop = $('loop').checked && Number.isFinite(from) && Number.isFinite(to) ? { from, to } : null;
    restartClock();
  }
  for (const id of ['loop', 'loop-from', 'loop-to']) $(id).addEventListener('change', readLoop);
  // Space plays and pauses, as in every player, unless a control that takes keys has the focus.
  document.addEventListener('keydown', (e) => {
    if (e.key !== ' ' || e.defaultPrevented) return;
    const t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(t.tagName) || t.getAttribute('role'))) return;
    e.preventDefault();
    setPlaying(!state.playing);
  });

  // --- watch mode: poll status.js; another build reloads, an error shows -----------------
  let shownError = null;
  function reportStatus(s, mayReload) {
    // Another build is on disk: show it. (An empty build means no good build yet: nothing to load.)
    if (mayReload && s.build && s.build !== D.build) { location.reload(); return; }
    if (s.error !== shownError) {
      shownError = s.error;
      showError(s.error);
      if (s.error) console.error(`iconsynth preview: ${s.error}`);
    }
  }
  function pollStatus() {
    const script = document.createElement('script');
    script.src = `status.js?t=${Date.now()}`;
    const done = () => {
      script.remove();
      if (window.ICONSYNTH_STATUS) reportStatus(window.ICONSYNTH_STATUS, true);
      setTimeout(pollStatus, STATUS_POLL_MS);
    };
    script.onload = done;
    script.onerror = done;  // mid-rename: try again next round
    document.head.appendChild(script);
  }

  // --- new data in place: a build of the folder, or an edit ------------------------------
  // A variant's animation that did not change is not sent again: the one shown is kept.
  function merge(data) {
    for (const [id, v] of Object.entries(data.variants)) {
      const old = D.variants[id];
      if (!v.lottie && old && old.key === v.key) v.lottie = old.lottie;
    }
    return data;
  }
  // The flipbooks the cards will show, loaded before the swap so no card goes blank.
  function preloadFlipbooks(data) {
    const sources = data.styles.map((style) => data.variants[`${style}-${state.motion}`].filmstrips[state.theme]);
    return Promise.all(sources.map((src) => new Promise((resolve) => {
      const image = new Image();
      image.onload = image.onerror = resolve;
      image.src = `${src}${src.includes('?') ? '&' : '?'}g=${data.build}`;
    })));
  }
  // Takes `data` in place: the pickers, frame and play state stay; a card's animation is loaded
  // again only when it changed, and a card whose frames changed shows them drawn one at a time
  // (frames[theme] + &frame=N) until its flipbook is loaded (loadFlipbooks). `quick` (an edit
  // while values still move) leaves the plot's image for loadFlipbooks too: the editor draws the
  // curve being shaped itself.
  // `upTo` (an edit's answer): the last input it shows; a card whose Cairo frame shows a later one
  // (showFrameNow) keeps it, and with `playersAhead` (the players were moved to a later input by the
  // drag) a patched card keeps its animation too: the next patch starts from the answer's.
  function swap(data, quick, upTo, playersAhead) {
    data = merge(data);
    // A colour that was the theme's own follows the theme's new colour; one the user picked stays.
    const followsTheme = state.color.toLowerCase() === D.themes[state.theme].primary.toLowerCase();
    const before = D;
    D = data;
    window.ICONSYNTH_PREVIEW = D;
    if (!D.motions[state.motion]) state.motion = D.defaultMotion;
    if (!D.themes[state.theme]) state.theme = D.cairo.theme;
    if (followsTheme) $('color').value = state.color = D.themes[state.theme].primary;
    const motions = Object.keys(D.motions);
    if (motions.join() !== Object.keys(before.motions).join()) {
      $('motion').replaceChildren();
      motions.forEach((m) => option($('motion'), m));
      $('motion').value = state.motion;
    }
    if (!quick) describe();
    const sameCards = cards.length === D.styles.length && cards.every((c) => D.variants[`${c.style}-${state.motion}`]);
    if (!sameCards || frameCount() !== before.motions[state.motion]?.frames) {
      buildCards();
    } else {
      let folderBuild = false;
      for (const c of cards) {
        const v = D.variants[`${c.style}-${state.motion}`];
        const lottieChanged = v.key !== c.variant.key || v.lottie !== c.variant.lottie || c.patched;
        const cairoChanged = cairoKey({ variant: v }) !== cairoKey(c);
        c.variant = v;
        if (lottieChanged && !(playersAhead && c.patched)) loadLottie(c);
        if (!v.frames) {
          folderBuild = folderBuild || D.build !== before.build;  // flipbooks under the same names
        } else if (cairoChanged && !(upTo < c.cairoUpTo)) {
          c.frameUrl = v.frames[state.theme];
          if (upTo !== undefined) c.cairoUpTo = upTo;
          // The answer may bring the frame shown, drawn already: no request for it (and a frame
          // still loading is older: the image takes this one instead).
          const now = v.frameNow;
          if (now && now.theme === state.theme && now.frame === state.frame && c.cairoFrame.dataset.src !== `${c.frameUrl}&frame=${state.frame}`) {
            c.frameWaiting = null;
            c.frameLoading = true;
            c.cairoFrame.dataset.src = `${c.frameUrl}&frame=${state.frame}`;
            c.cairoFrame.src = now.src;
          }
          showCairo(c);
        }
      }
      if (folderBuild) applyTheme();
      $('scrubber').max = String(frameCount() - 1);
      if (!quick) showPlot();
      captions();
      setFrame(Math.min(state.frame, frameCount() - 1));
    }
    window.iconsynthPreview.build = D.build;
    window.iconsynthPreview.appliedAt = Date.now();  // wall clock: a test compares it with the save
  }
  // The frame shown, drawn for input `upTo` ahead of its rebuild ({motion, theme, frame, frames:
  // [{id, key, src}]}): each card shows it, unless the card shows a later input already or the page
  // has moved to another frame since it was asked for.
  function showFrameNow(now, upTo) {
    if (now.motion !== state.motion || now.theme !== state.theme || now.frame !== state.frame) return;
    for (const c of cards) {
      const f = now.frames.find((x) => x.id === `${c.style}-${state.motion}`);
      if (!f || upTo < c.cairoUpTo) continue;
      c.cairoUpTo = upTo;
      c.frameUrl = `api/frame?key=${f.key}`;
      const url = `${c.frameUrl}&frame=${now.frame}`;
      // Drawn from the same inputs as the frame the card shows (a value dragged back, a clamp):
      // the card shows this input already. (Hidden, the frame is an older one under a flipbook.)
      if (c.cairoFrame.dataset.src === url && !c.cairoFrame.hidden) {
        if (!c.frameLoading) emit('shown', { side: 'cairo', card: c.style, src: url });
        continue;
      }
      c.frameWaiting = null;
      c.frameLoading = true;
      c.cairoFrame.dataset.src = url;
      c.cairoFrame.src = f.src;
    }
  }

  // Once edits pause: each card's flipbook for its current frames, then the flipbook replaces
  // the frames drawn one at a time.
  function loadFlipbooks() {
    showPlot();
    for (const c of cards) {
      // A card showing a frame drawn ahead of its rebuild (showFrameNow) waits for that rebuild.
      if (!c.frameUrl || (c.variant.frames && c.frameUrl !== c.variant.frames[state.theme])) continue;
      const src = c.variant.filmstrips[state.theme];
      const wanted = c.frameUrl;
      const image = new Image();
      image.onload = () => {
        if (c.frameUrl !== wanted) return;  // edited again meanwhile
        c.cairoBox.style.backgroundImage = `url("${src}")`;
        c.frameUrl = null;
        c.cairoFrame.hidden = true;
        emit('shown', { side: 'flipbook', card: c.style, src });
      };
      image.src = src;
    }
  }

  let pending = null;  // the build being loaded; a newer one replaces it
  function loadData(build) {
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `data.js?b=${build}`;
      script.onload = () => { script.remove(); resolve(window.ICONSYNTH_PREVIEW); };
      script.onerror = () => { script.remove(); reject(new Error(`cannot load data.js of build ${build}`)); };
      document.head.appendChild(script);
    });
  }
  // A build of the folder (the spec saved on disk): its data.js, the flipbooks first, then swapped
  // in. The editor, when it is there, takes the update itself (it holds the page's changes).
  function onUpdate(update) {
    showError(update.error);
    if (update.error) console.error(`iconsynth preview: ${update.error}`);
    if (window.iconsynthPreview.onUpdate && window.iconsynthPreview.onUpdate(update)) return;
    if (update.error || !update.build || update.build === D.build || update.build === pending) return;
    pending = update.build;
    const keep = D;
    loadData(update.build)
      .then((data) => { window.ICONSYNTH_PREVIEW = keep; return data.build === pending ? preloadFlipbooks(data).then(() => data) : null; })
      .then((data) => { if (data && data.build === pending) { pending = null; swap(data); } })
      .catch((e) => showError(e.message));
  }
  function listen() {
    const events = new EventSource('events');
    events.addEventListener('update', (e) => onUpdate(JSON.parse(e.data)));
    return events;
  }

  function describe() {
    $('title').textContent = `${D.meta.title} · iconsynth preview`;
    document.title = `${D.meta.title} · iconsynth preview`;
    $('about').textContent = [D.meta.description, D.meta.category && `Category: ${D.meta.category}`,
                              D.meta.keywords.length && `Keywords: ${D.meta.keywords.join(', ')}`,
                              D.meta.license && `License: ${D.meta.license}`].filter(Boolean).join(' · ');
    $('footer').textContent = `${D.generator} · spec ${D.id} · build ${D.build} · lottie-web ${D.lottieWeb}` +
                              (status.serve ? ' · served: an editor, saving to the spec' : status.watch ? ' · watching the spec' : '');
  }

  // For the editor, tests and the console: the page's state, its players and its hooks.
  window.iconsynthPreview = {
    build: D.build,
    state,
    data: () => D,
    served: status.serve && location.protocol.startsWith('http'),
    lottieFrame: (style) => cards.find((c) => c.style === style).anim.currentFrame,
    slots: (style) => cards.find((c) => c.style === style).anim.animationData.slots,
    cards: () => cards,
    on: (name, f) => listeners[name].push(f),
    swap,
    showFrameNow,
    // Each card of the shown motion loaded again with `patch(id, data)` applied to its animation's
    // copy (id as in data.variants), before any rebuild: the editor's players follow a drag.
    patchPlayers: (patch) => { for (const c of cards) loadLottie(c, (data) => patch(`${c.style}-${state.motion}`, data)); },
    loadFlipbooks,
    setMotion,
    setFrame: (f) => { setPlaying(false); setFrame(f); },
    showError,
    events: null,
    onUpdate: null,
  };

  describe();
  buildCards();
  setPlaying(state.playing);
  reportStatus(status, false);
  if (window.iconsynthPreview.served) window.iconsynthPreview.events = listen();
  else if (status.watch) setTimeout(pollStatus, STATUS_POLL_MS);
})();
