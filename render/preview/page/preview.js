// iconsynth preview page. One clock drives both sides: each tick (or scrubber move) shows the same
// integer frame in lottie-web (goToAndStop) and in the Cairo flipbook (a filmstrip cell), so what is
// compared is always the same frame. Colour, weight and theme reach the Lottie side only through its
// slots: the page edits `slots` in a copy of the exported JSON and reloads the player.
// Served by `iconsynth preview --serve`, the page hears of each new build from the server's event
// stream and swaps its data in place, keeping its frame, motion and pickers.
(function () {
  'use strict';
  let D = window.ICONSYNTH_PREVIEW;
  const status = window.ICONSYNTH_STATUS || { watch: false, build: "", error: null };
  const $ = (id) => document.getElementById(id);
  const STATUS_POLL_MS = 300;

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
  const rgbToHex = (rgb) => '#' + rgb.map((c) => c.toString(16).padStart(2, '0')).join('');
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
    // Reduced motion: open on the rest pose, paused; the play button (an explicit request) still plays.
    reducedMotion,
    playing: !/[?&]paused\b/.test(location.search) && !reducedMotion,
  };
  let cards = [];  // {style, variant, anim, lottieBox, cairoBox, lottieCaption, cairoCaption}

  const motionInfo = () => D.motions[state.motion];
  const frameCount = () => motionInfo().frames;

  // --- Lottie side --------------------------------------------------------------------------
  function themedAnimation(variant) {
    const data = JSON.parse(JSON.stringify(variant.lottie));  // lottie-web writes into its data
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

  function loadLottie(card) {
    if (card.anim) card.anim.destroy();
    card.anim = window.lottie.loadAnimation({
      container: card.lottieBox, renderer: 'canvas', loop: false, autoplay: false,
      animationData: themedAnimation(card.variant),
      // dpr 1: the canvas holds exactly the frame's pixels, like the Cairo cell beside it.
      rendererSettings: { clearCanvas: true, preserveAspectRatio: 'xMidYMid meet', dpr: 1 },
    });
    card.anim.addEventListener('DOMLoaded', () => showFrame(card));
    card.anim.addEventListener('error', (e) => console.error('lottie-web:', e && (e.nativeError || e.message || e)));
    showFrame(card);  // lottie-web may have finished loading inside loadAnimation
  }

  // --- both sides ---------------------------------------------------------------------------
  function showFrame(card) {
    const f = state.frame;
    if (card.anim && card.anim.isLoaded) card.anim.goToAndStop(f, true);  // frames from ip
    const cols = card.variant.columns;
    card.cairoBox.style.backgroundPosition = `${-(f % cols) * D.size}px ${-Math.floor(f / cols) * D.size}px`;
    card.cairoBox.dataset.frame = String(f);
    card.lottieBox.dataset.frame = String(f);
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
    const ms = Math.round((state.frame * 1000) / D.fps);
    $('frame-label').textContent = `frame ${state.frame} / ${frameCount() - 1} · ${ms} ms`;
    const plot = motionInfo().plot;
    const x = plot.x0 + ((plot.x1 - plot.x0) * state.frame) / Math.max(1, frameCount() - 1);
    $('plot-cursor').style.left = `${(100 * x) / plot.width}%`;
  }

  // A hover mark on each event line of the plot: the event and the spec path (and value) that places it.
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
      c.cairoBox.style.backgroundImage = `url("${c.variant.filmstrips[state.theme]}?g=${D.build}")`;
    }
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
        `<figure class="side"><div class="surface cairo" id="cairo-${style}"></div><figcaption></figcaption></figure></div>`;
      root.appendChild(card);
      const [lottieBox, cairoBox] = card.querySelectorAll('.surface');
      for (const box of [lottieBox, cairoBox]) box.style.width = box.style.height = `${D.size}px`;
      // Captions wrap under their player, so the two players stay side by side.
      for (const side of card.querySelectorAll('.side')) side.style.width = `${D.size}px`;
      const [lottieCaption, cairoCaption] = card.querySelectorAll('figcaption');
      return { style, variant, anim: null, lottieBox, cairoBox, lottieCaption, cairoCaption };
    });
    applyTheme();
    for (const c of cards) loadLottie(c);
    $('scrubber').max = String(frameCount() - 1);
    const plot = motionInfo().plot;
    $('plot-image').src = `${plot.src}?g=${D.build}`;
    $('plot-image').width = plot.width;
    eventMarks();
    captions();
    setFrame(Math.min(state.frame, frameCount() - 1));
  }

  function reloadLottie() {
    for (const c of cards) loadLottie(c);
    captions();
  }

  // --- clock --------------------------------------------------------------------------------
  let clockStart = 0;
  function tick(now) {
    if (!state.playing) return;
    setFrame(Math.floor(((now - clockStart) * D.fps) / 1000) % frameCount());
    requestAnimationFrame(tick);
  }
  function setPlaying(playing) {
    state.playing = playing;
    $('play').textContent = playing ? 'pause' : 'play';
    $('play').setAttribute('aria-pressed', String(playing));
    if (playing) {
      clockStart = performance.now() - (state.frame * 1000) / D.fps;  // resume where the scrubber is
      requestAnimationFrame(tick);
    }
  }

  // --- controls -----------------------------------------------------------------------------
  function option(select, value) {
    const o = document.createElement('option');
    o.value = o.textContent = value;
    select.appendChild(o);
  }
  Object.keys(D.motions).forEach((m) => option($('motion'), m));
  Object.keys(D.themes).forEach((t) => option($('theme'), t));
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

  $('motion').addEventListener('change', (e) => { state.motion = e.target.value; state.frame = 0; buildCards(); });
  $('theme').addEventListener('change', (e) => {
    state.theme = e.target.value;
    state.color = D.themes[state.theme].primary;
    $('color').value = state.color;
    applyTheme();
    reloadLottie();
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

  // --- served: the server's event stream brings each build; the data is swapped in place ----
  // The next build's data.js, run as a script (the page has no fetch: it also works from disk).
  function loadData(build) {
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `data.js?b=${build}`;
      script.onload = () => { script.remove(); resolve(window.ICONSYNTH_PREVIEW); };
      script.onerror = () => { script.remove(); reject(new Error(`cannot load data.js of build ${build}`)); };
      document.head.appendChild(script);
    });
  }
  // The flipbooks the cards will show, loaded before the swap so no card goes blank.
  function preloadFlipbooks(data) {
    const sources = data.styles.map((style) => data.variants[`${style}-${state.motion}`].filmstrips[state.theme]);
    return Promise.all(sources.map((src) => new Promise((resolve) => {
      const image = new Image();
      image.onload = image.onerror = resolve;
      image.src = `${src}?g=${data.build}`;
    })));
  }
  function applyData(data) {
    // A colour that was the theme's own follows the theme's new colour; one the user picked stays.
    const followsTheme = state.color.toLowerCase() === D.themes[state.theme].primary.toLowerCase();
    D = data;
    if (!D.motions[state.motion]) state.motion = D.defaultMotion;
    if (!D.themes[state.theme]) state.theme = D.cairo.theme;
    if (followsTheme) $('color').value = state.color = D.themes[state.theme].primary;
    $('motion').replaceChildren();
    Object.keys(D.motions).forEach((m) => option($('motion'), m));
    $('motion').value = state.motion;
    describe();
    buildCards();  // keeps state.frame (clamped), the pickers and whether it plays
    window.iconsynthPreview.build = D.build;
    window.iconsynthPreview.appliedAt = Date.now();  // wall clock: a test compares it with the save
  }
  let pending = null;  // the build being loaded; a newer one replaces it
  function onUpdate(update) {
    showError(update.error);
    if (update.error || !update.build || update.build === D.build || update.build === pending) return;
    pending = update.build;
    loadData(update.build)
      .then((data) => (data.build === pending ? preloadFlipbooks(data).then(() => data) : null))
      .then((data) => { if (data && data.build === pending) { pending = null; applyData(data); } })
      .catch((e) => showError(e.message));
  }
  function listen() {
    const events = new EventSource('events');
    events.addEventListener('update', (e) => onUpdate(JSON.parse(e.data)));
  }

  function describe() {
    $('title').textContent = `${D.meta.title} · iconsynth preview`;
    document.title = `${D.meta.title} · iconsynth preview`;
    $('about').textContent = [D.meta.description, D.meta.category && `Category: ${D.meta.category}`,
                              D.meta.keywords.length && `Keywords: ${D.meta.keywords.join(', ')}`,
                              D.meta.license && `License: ${D.meta.license}`].filter(Boolean).join(' · ');
    $('footer').textContent = `${D.generator} · spec ${D.id} · build ${D.build} · lottie-web ${D.lottieWeb}` +
                              (status.serve ? ' · served, updates as the spec is saved' : status.watch ? ' · watching the spec' : '');
  }
  describe();
  buildCards();
  setPlaying(state.playing);
  reportStatus(status, false);
  if (status.serve && location.protocol.startsWith('http')) listen();
  else if (status.watch) setTimeout(pollStatus, STATUS_POLL_MS);

  // For tests and the console: the page's state and its players.
  window.iconsynthPreview = {
    build: D.build,
    state,
    lottieFrame: (style) => cards.find((c) => c.style === style).anim.currentFrame,
    slots: (style) => cards.find((c) => c.style === style).anim.animationData.slots,
  };
})();
