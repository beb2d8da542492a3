// The served golden review (`iconsynth golden review`): the check's report with Accept and Undo
// accept on it. Each group's and the bundle's `.actions` element, and each variant of a group
// (li[data-variant]), gets
//   - Accept: POST api/accept {variants}: what `golden update --only …` writes for them;
//   - Accept as another platform's image (when the spec is the set's): the same with --add;
//   - Undo accept, where the latest accept was made: POST api/undo {accept};
// and a verdict that follows the set's check after every accept and undo (api/state, and the
// server's "state" events, so every open tab follows). Writes carry the per-run token.
(() => {
  'use strict';
  const review = { token: '', state: null, busy: false };
  const status = document.createElement('p');
  status.className = 'review-status';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-label', 'Review');

  async function api(path, body) {
    const init = body === undefined ? {} : {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Iconsynth-Token': review.token },
      body: JSON.stringify(body),
    };
    const response = await fetch(path, init);
    let json = {};
    try { json = await response.json(); } catch (e) { json = { ok: false, message: `${response.status} ${response.statusText}` }; }
    return { status: response.status, json };
  }

  const words = (text) => text.split(' ').filter(Boolean);
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

  // Whether every name in `names` passes now: golden ids, or the bundle's file name.
  function passing(names) {
    const s = review.state;
    return names.every((n) => (n === s.bundle.name ? s.bundle.passed : s.variants[n] && s.variants[n].passed));
  }

  // The latest accept, when it was made here (on exactly these names).
  function latestHere(names) {
    const accepts = review.state.accepts;
    const last = accepts[accepts.length - 1];
    return last && same(last.variants, names) ? last : null;
  }

  async function act(path, body) {
    if (review.busy) return;
    review.busy = true;
    document.body.setAttribute('aria-busy', 'true');
    status.textContent = path === 'api/undo' ? 'Undoing…' : 'Accepting…';
    try {
      const { json } = await api(path, body);
      status.textContent = json.message || '';
      status.classList.toggle('refused', !json.ok);
      if (json.state) show(json.state);
    } finally {
      review.busy = false;
      document.body.removeAttribute('aria-busy');
    }
  }

  function button(text, onClick) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.addEventListener('click', onClick);
    return b;
  }

  // The controls for `names` inside `host` (a group named `label`), as the state says now.
  function controls(host, names, label) {
    host.replaceChildren();
    host.setAttribute('role', 'group');
    host.setAttribute('aria-label', label);
    const passes = passing(names);
    const verdict = document.createElement('span');
    verdict.className = `verdict ${passes ? 'pass' : 'fail'}`;
    verdict.textContent = passes ? 'passes' : 'fails';
    host.append(verdict);
    const done = latestHere(names);
    if (done) host.append(button('Undo accept', () => act('api/undo', { accept: done.id })));
    if (!passes) {
      host.append(button('Accept', () => act('api/accept', { variants: names, as: 'replacement' })));
      if (review.state.addable && !names.includes(review.state.bundle.name)) {
        host.append(button("Accept as another platform's image", () => act('api/accept', { variants: names, as: 'another-platform' })));
      }
    }
  }

  function show(state) {
    review.state = state;
    for (const actions of document.querySelectorAll('.actions[data-variants]')) {
      const names = words(actions.dataset.variants);
      controls(actions, names, names.includes(state.bundle.name) ? 'The bundle' : 'All variants of this group');
      const section = actions.closest('section');
      if (section) section.dataset.review = passing(names) ? 'passes' : 'fails';
    }
    for (const item of document.querySelectorAll('li[data-variant]')) {
      let host = item.querySelector('.variant-actions');
      if (!host) {
        host = document.createElement('span');
        host.className = 'variant-actions';
        item.append(host);
      }
      controls(host, [item.dataset.variant], item.dataset.variant);
      const v = state.variants[item.dataset.variant];
      host.title = v && v.failure ? v.failure : '';
    }
    const heading = document.querySelector('h1 span');
    if (heading) {
      heading.className = state.passed ? 'pass' : 'fail';
      heading.textContent = state.passed ? 'passes now' : 'fails';
    }
    document.body.dataset.review = state.passed ? 'passes' : 'fails';
  }

  async function start() {
    document.querySelector('h1').after(status);
    review.token = (await api('api/token')).json.token;
    show((await api('api/state')).json);
    const events = new EventSource('events');
    events.addEventListener('state', (e) => { if (!review.busy) show(JSON.parse(e.data)); });
    document.body.dataset.reviewReady = 'true';
  }
  start();
})();
