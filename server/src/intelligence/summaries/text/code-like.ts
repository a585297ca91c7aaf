/**
 * Whether a sentence of article text is code, a formula, a shell command, a stack trace or a
 * table row rather than prose. Stored article text keeps the text of <pre> blocks, flattened into
 * the paragraph around it ("... defined like this: let goal x = ..."), so a sentence is judged by
 * its words: how many of them are code tokens (brackets, operators, snake_case and dotted
 * identifiers, flags, hexadecimal addresses), whether its brackets balance, and whether code
 * keywords stand where prose has none. Pure.
 */

/** Inline code quoted in prose (`x`): a sentence may quote a little, not be made of it. */
const INLINE_CODE = /`[^`]*`/g;

/** Operators that only code and formulas write, wherever they stand: one is enough. */
const CODE_OPERATOR = /:=|==|!=|<=|>=|=>|->|<-|::|&&|\|\||[{}]|\);/;

/** A token that only code writes. */
function isCodeToken(token: string): boolean {
  // A lone operator or bracket: "Sys . argv", "( 1 )", "=", "|", "$"; Markdown rules ("===").
  if (/^[=|.(){}[\];<>*+/\\^~!%$#-]+$/.test(token) && token !== '-') return true;
  // Brackets, braces or operators inside a word: f(x), a[i], {x}, x=y, a->b, a::b, x;
  if (/[{}[\];=\\^~|]|->|::|=>/.test(token)) return true;
  if (/\p{L}\(|\)\p{L}|\(\)/u.test(token)) return true;
  // snake_case, a._private field, $VAR, @decorator, --flag, -x.
  if (/\p{L}_\p{L}|^_\p{L}|^[$@]\p{L}|^--?\p{L}[\w-]*$/u.test(token)) return true;
  // Member access on a lower-case name: "list.map", "os.path.join" (not "Node.js", "e.g.").
  if (/^\p{Ll}\w*\.\p{Ll}\w*\.\p{L}|^\p{L}\w*\.\p{Ll}\w*\($/u.test(token)) return true;
  // Hexadecimal addresses and hashes: 0x7ffd, 0000000000000800.
  return /^(?:0x[\da-f]+|\d{8,})$/i.test(token);
}

/** Words that open a statement of code, never an English sentence, before a name and '='. */
const CODE_STATEMENT =
  /(?:^|[\s:;(])(?:let|const|var|val|fun|def|fn|func|module|type|struct|import|return|open)\s+(?:rec\s+)?[\w.']+(?:\s+[\w']+){0,3}\s*(?:=|:)\s/;

/** Prompts and traces: "$ npm install", "# apt-get", ">>> x", "#0 0x...", "at f (file.js:1:2)". */
const COMMAND_OR_TRACE = /^(?:\$|#|>>>|%)\s|#\d+\s+0x|\bat\s+\S+\s+\(\S+:\d+:\d+\)/;

function unbalanced(text: string): boolean {
  const count = (pattern: RegExp) => (text.match(pattern) ?? []).length;
  return count(/\(/g) !== count(/\)/g) || count(/\[/g) !== count(/]/g) || count(/[{}]/g) > 0;
}

/** Whether the sentence is code, a formula, a command, a trace or a table, not prose. */
export function looksLikeCode(sentence: string): boolean {
  const quoted = (sentence.match(INLINE_CODE) ?? []).join('').length;
  if (quoted > sentence.length / 3) return true;
  const text = sentence.replace(INLINE_CODE, 'code');
  if (CODE_OPERATOR.test(text) || COMMAND_OR_TRACE.test(text) || CODE_STATEMENT.test(text)) {
    return true;
  }
  if (unbalanced(text)) return true;
  // LaTeX: "$\lambda x$", "\frac".
  if (/\$[^$]*\\[a-z]+|\\(?:frac|lambda|alpha|beta|sum|mathbb)\b/.test(text)) return true;
  const tokens = text.split(/\s+/).filter(Boolean);
  const code = tokens.filter(isCodeToken).length;
  if (code >= 2 && code / tokens.length > 0.05) return true;
  // A table row or a list of figures flattened into a line: mostly numbers.
  const numbers = tokens.filter((token) => /^[\d.,%:x+-]+$/.test(token)).length;
  return tokens.length >= 6 && numbers / tokens.length > 0.3;
}
