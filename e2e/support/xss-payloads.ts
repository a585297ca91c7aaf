/**
 * The XSS drill's payloads (security checklist, "Showing third-party content"). Every
 * payload would call `alert(N)` (or `confirm`/`prompt`, or `parent.alert`) with its own number N
 * if it ever ran, so a hit names the payload. `§` in a template is replaced by that number.
 */

/** Markup payloads for text fields: titles, descriptions, names, queries. */
const markupTemplates: string[] = [
  // Classic script tags.
  '<script>alert(§)</script>',
  '<ScRiPt>alert(§)</sCrIpT>',
  '<script type=module>alert(§)</script>',
  '<script src=data:,alert(§)></script>',
  "<script>eval('al'+'ert(§)')</script>",
  '<scr<script>ipt>alert(§)</scr</script>ipt>',
  '<<script>alert(§);//<</script>',
  // Event handlers.
  '<img src=x onerror=alert(§)>',
  '<img src="x" onerror="alert(§)">',
  '<img/src/onerror=alert(§)>',
  '<img src=x onerror=alert&#40;§&#41;>',
  '<img src=x onerror="&#x61;lert(§)">',
  '<img src="x` `onerror=alert(§)>',
  '<img srcset=x onerror=confirm(§)>',
  '<svg onload=alert(§)>',
  '<svg/onload=prompt(§)>',
  '<body onload=alert(§)>',
  '<details open ontoggle=alert(§)>',
  '<input autofocus onfocus=alert(§)>',
  '<select autofocus onfocus=alert(§)></select>',
  '<video><source onerror=alert(§)></video>',
  '<audio src=x onerror=alert(§)>',
  '<marquee onstart=alert(§)>x</marquee>',
  '<x onclick=alert(§) style=display:block;position:fixed;inset:0>',
  '<div onmouseover=alert(§) style=position:fixed;inset:0>x</div>',
  '<picture><source srcset=x><img onerror=alert(§)></picture>',
  // javascript: and data: URLs in markup.
  '<a href="javascript:alert(§)">x</a>',
  '<a href="jav&#x09;ascript:alert(§)">x</a>',
  '<a href=" &#14;  javascript:alert(§)">x</a>',
  '<iframe src="javascript:alert(§)"></iframe>',
  '<iframe src="data:text/html,<script>parent.alert(§)</script>"></iframe>',
  '<object data="javascript:alert(§)"></object>',
  '<embed src="javascript:alert(§)">',
  '<form action=javascript:alert(§)><input type=submit></form>',
  '<form><button formaction=javascript:alert(§)>x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(§)">',
  '<base href="javascript:alert(§)//">',
  '<div style="background:url(javascript:alert(§))">x</div>',
  '<table><td background="javascript:alert(§)">x</td></table>',
  '<isindex action=javascript:alert(§) type=image>',
  // SVG.
  '<svg><script>alert(§)</script></svg>',
  '<svg><animate onbegin=alert(§) attributeName=x dur=1s>',
  '<svg><a xlink:href="javascript:alert(§)"><text y=20>x</text></a></svg>',
  '<svg><set onbegin=alert(§) attributeName=x to=1>',
  '<svg><foreignObject><img src=x onerror=alert(§)></foreignObject></svg>',
  // srcdoc.
  '<iframe srcdoc="<script>parent.alert(§)</script>"></iframe>',
  '<iframe srcdoc="&lt;img src=x onerror=parent.alert(§)&gt;"></iframe>',
  // template / mutation XSS.
  '<template><img src=x onerror=alert(§)></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(§)>">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(§)>',
  '<svg><style><img src=x onerror=alert(§)></style></svg>',
  '<math><style><img src=x onerror=alert(§)></style></math>',
  '<select><style><img src=x onerror=alert(§)></style></select>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(§)>',
  '<!--<img src="--><img src=x onerror=alert(§)//">',
  '<style><style/><img src=x onerror=alert(§)>',
  // Entity-encoded (a sanitiser that decodes once must not hand back live markup).
  '&lt;script&gt;alert(§)&lt;/script&gt;',
  '&#60;img src=x onerror=alert(§)&#62;',
  '&#x3C;svg onload=alert(§)&#x3E;',
  '&amp;lt;img src=x onerror=alert(§)&amp;gt;',
  // Unicode tricks.
  '\\u003cscript\\u003ealert(§)\\u003c/script\\u003e',
  '\uff1cscript\uff1ealert(§)\uff1c/script\uff1e',
  '<scr\u200bipt>alert(§)</scr\u200bipt>',
  '<img src=x on\u0001error=alert(§)>',
  '\u202e<img src=x onerror=alert(§)>',
  // Broken markup.
  '<img src=x onerror=alert(§)//',
  '<svg onload=alert(§)',
  '"><script>alert(§)</script>',
  "'><img src=x onerror=alert(§)>",
  '</title><script>alert(§)</script>',
  '</textarea><script>alert(§)</script>',
  '--><script>alert(§)</script>',
  ']]><script>alert(§)</script>',
  // Template and script-context injections.
  "{{constructor.constructor('alert(§)')()}}",
  '${alert(§)}',
  "';alert(§);//",
  '</script><script>alert(§)</script>',
];

/** Wrappers that move a payload into other parsing contexts. */
const wrappers: ((payload: string) => string)[] = [
  (payload) => payload,
  (payload) => `"'>${payload}`,
  (payload) => `</noscript></title></textarea></style></template>${payload}`,
  (payload) => `x<!--${payload}-->${payload}`,
];

/** URL payloads for link and image fields. */
const urlTemplates: string[] = [
  'javascript:alert(§)',
  'JaVaScRiPt:alert(§)',
  ' javascript:alert(§)',
  'java\tscript:alert(§)',
  'java\nscript:alert(§)',
  '\u0001javascript:alert(§)',
  'javascript://%0aalert(§)',
  'javascript&colon;alert(§)',
  '&#106;avascript:alert(§)',
  'javascript\\u003aalert(§)',
  'vbscript:msgbox(§)',
  'data:text/html,<script>alert(§)</script>',
  'data:text/html;base64,BASE64',
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="alert(§)"/>',
  'https://evil.example/x.png" onerror="alert(§)',
  "https://evil.example/x.png' onerror='alert(§)",
  'https://evil.example/"><script>alert(§)</script>',
  'https://evil.example/?q=<script>alert(§)</script>',
  'https://evil.example/#"><img src=x onerror=alert(§)>',
  'x" onerror="alert(§)',
  '"><img src=x onerror=alert(§)>',
  '//evil.example/x.png?"onerror=alert(§)',
];

export interface Payload {
  id: number;
  text: string;
}

const fill = (template: string, id: number) =>
  template
    .replaceAll('§', String(id))
    .replace('BASE64', Buffer.from(`<script>alert(${id})</script>`).toString('base64'));

/** Payload numbers: markup from 1000, URLs from 5000, so any number seen is one of ours. */
export const markupPayloads: Payload[] = wrappers.flatMap((wrap, w) =>
  markupTemplates.map((template, t) => {
    const id = 1000 + w * markupTemplates.length + t;
    return { id, text: wrap(fill(template, id)) };
  }),
);

export const urlPayloads: Payload[] = urlTemplates.map((template, t) => {
  const id = 5000 + t;
  return { id, text: fill(template, id) };
});

/**
 * The first word of every hostile article's text, before a payload can swallow what follows (an
 * open comment, `<noscript>`, `<svg>`), so search finds them all.
 */
export const DRILL_WORD = 'zqxdrill';
