// Stands in for browser-only modules (web components, workers) that jsdom cannot run.
module.exports = {};
