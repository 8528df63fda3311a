/**
 * Fetches the app's modules into the HTTP cache off the page's thread (start.ts sends their addresses):
 * handling some forty responses on the page would cost it a long task while the first screen is up.
 */
self.onmessage = (event: MessageEvent<readonly string[]>) => {
  for (const href of event.data)
    fetch(href, { priority: 'low' })
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
};
