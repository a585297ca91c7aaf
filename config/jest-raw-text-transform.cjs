// Imports Markdown files as their text, as webpack's asset/source rule does.
module.exports = {
  process(sourceText) {
    return { code: `module.exports = ${JSON.stringify(sourceText)};` };
  },
};
