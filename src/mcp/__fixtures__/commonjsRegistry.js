// A CommonJS registry module whose whole export is the registry (`module.exports = registry`).
// Loaded by `toolwright mcp` started under ts-node, so it may require the TypeScript fixture.
module.exports = require('./shopRegistry').createShopRegistry();
