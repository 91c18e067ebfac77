// Loaded into the server the browser tests start: it exits when the test process goes away (its
// stdin pipe closes), so no server outlives a crashed or killed test run.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
