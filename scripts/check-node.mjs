// npm run puts node_modules/.bin first, so the pinned Node 24 runs every script.
// When its install script was skipped (npm install --ignore-scripts) the system Node
// would silently run instead: stop with a clear message.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `Pitchside needs Node 24 (found ${process.version}). Run "npm install" without --ignore-scripts ` +
      `so the pinned "node" dev dependency installs its binary, then use the npm scripts.`,
  );
  process.exit(1);
}
