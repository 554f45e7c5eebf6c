// Answers a test's request to act on the workbench page the way a user would: click an
// element (a button of VS Code's own UI that no API reaches, such as the Trust button of
// the Workspace Trust editor), read what elements show (the walkthrough's step titles),
// or press a key (whose keybinding's `when` clause the workbench evaluates).
// The extension host cannot see the page; the runner drives it with Playwright.

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The element a request names: by ARIA role and accessible name (`role`, `name`, `exact`),
 * or by CSS `selector`; optionally inside the first element matching `within`.
 */
function locate(page, request) {
  const scope = request.within ? page.locator(request.within).first() : page;
  if (request.role) {
    const options = request.name === undefined ? {} : { name: request.name, exact: Boolean(request.exact) };
    return scope.getByRole(request.role, options);
  }
  if (request.selector) return scope.locator(request.selector);
  throw new Error(`a ${request.kind} request needs a role or a selector: ${JSON.stringify(request)}`);
}

function describe(request) {
  const what = request.role
    ? `role=${request.role}${request.name !== undefined ? ` name=${JSON.stringify(request.name)}` : ''}`
    : request.selector;
  return request.within ? `${what} within ${request.within}` : what;
}

/** Clicks the first visible element the request names ({role, name?, exact?} or {selector}, within?, timeoutMs?). */
export async function clickElement(page, request) {
  const timeout = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const target = locate(page, request).first();
  try {
    await target.click({ timeout });
  } catch (error) {
    throw new Error(
      `could not click ${describe(request)}: ${String(error?.message ?? error).split('\n')[0]}${await whatThePageShows(page, request)}`,
    );
  }
  return { clicked: describe(request) };
}

/** Moves the mouse over the first visible element the request names, as a user does to see its tooltip or hover. */
export async function hoverElement(page, request) {
  const timeout = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const target = locate(page, request).first();
  try {
    // Away first, so that hovering the same element again shows its tooltip again.
    await page.mouse.move(0, 0);
    await target.hover({ timeout });
  } catch (error) {
    throw new Error(
      `could not hover ${describe(request)}: ${String(error?.message ?? error).split('\n')[0]}${await whatThePageShows(page, request)}`,
    );
  }
  return { hovered: describe(request) };
}

/** For a failed request: how many elements match, and what the scope shows, to tell a slow page from a wrong target. */
async function whatThePageShows(page, request) {
  try {
    const found = await locate(page, request).count();
    if (!request.within) return ` (${found} match, visible or not)`;
    const scopes = page.locator(request.within);
    const count = await scopes.count();
    if (count === 0) return ` (nothing matches ${request.within})`;
    const text = (await scopes.first().innerText({ timeout: 1_000 })).replace(/\s+/g, ' ').trim();
    return ` (${found} match in the first of ${count} ${request.within}, which shows: ${JSON.stringify(text.slice(0, 400))})`;
  } catch (error) {
    return ` (the page could not be read: ${String(error?.message ?? error).split('\n')[0]})`;
  }
}

/** The trimmed inner text of every element the request names, once the first one is visible. */
export async function readTexts(page, request) {
  const timeout = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const targets = locate(page, request);
  try {
    await targets.first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    throw new Error(
      `nothing visible matches ${describe(request)}: ${String(error?.message ?? error).split('\n')[0]}${await whatThePageShows(page, request)}`,
    );
  }
  return { texts: (await targets.allInnerTexts()).map((text) => text.trim()) };
}

/** Presses a key chord on the page ({key}, in Playwright's notation: `Control+Alt+Shift+F12`). */
export async function pressKey(page, request) {
  if (typeof request.key !== 'string' || request.key === '')
    throw new Error(`a press request needs a key: ${JSON.stringify(request)}`);
  await page.keyboard.press(request.key);
  return { pressed: request.key };
}

/** Types text on the page, key by key, into whatever has the focus ({text}). */
export async function typeText(page, request) {
  if (typeof request.text !== 'string') throw new Error(`a type request needs a text: ${JSON.stringify(request)}`);
  await page.keyboard.type(request.text);
  return { typed: request.text.length };
}

/** The CSS `content` of each matching element's ::after (where VS Code draws file decoration badges). */
export async function readAfterContents(page, request) {
  const timeout = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const targets = locate(page, request);
  await targets.first().waitFor({ state: 'attached', timeout });
  return {
    texts: await targets.evaluateAll((elements) => elements.map((e) => getComputedStyle(e, '::after').content)),
  };
}

/**
 * The value of `attribute` on every element the request names, at once, without waiting for
 * one to appear: an empty list says that nothing matches now (the icons of the activity bar,
 * which show no text, by their aria-label).
 */
export async function readAttributes(page, request) {
  if (typeof request.attribute !== 'string' || request.attribute === '')
    throw new Error(`an attributes request needs an attribute: ${JSON.stringify(request)}`);
  const values = await locate(page, request).evaluateAll(
    (elements, name) => elements.map((e) => e.getAttribute(name) ?? ''),
    request.attribute,
  );
  return { texts: values };
}
