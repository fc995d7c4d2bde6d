/**
 * The tickets bench's client, in a process of its own (as a browser is): it times `pages` GET
 * /tickets requests one after the other and sends the times back. Run by tickets.ts with fork();
 * the stack under test keeps its process, heap and garbage collector to itself.
 *
 * Message in: { url, headers, query, pages, walk }. Message out: { times, listed, at } or { error }
 * (`at`: when each request started and ended, ms since the epoch).
 * `walk`: follow the cursor, starting over from the first page after each 100.
 */
process.on('message', async ({ url, headers, query, pages, walk }) => {
  try {
    const times = [];
    const at = [];
    let cursor;
    let listed = 0;
    for (let i = 0; i < pages; i++) {
      if (i % 100 === 0) cursor = undefined;
      const t = performance.now();
      const started = Date.now();
      const res = await fetch(`${url}/tickets?${query}${walk && cursor ? `&cursor=${cursor}` : ''}`, { headers });
      const body = await res.json();
      times.push(performance.now() - t);
      at.push([started, Date.now()]);
      if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}`);
      listed += body.tickets.length;
      cursor = body.cursor;
    }
    process.send({ times, listed, at });
  } catch (err) {
    process.send({ error: String(err) });
  }
});
