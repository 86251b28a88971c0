import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

/** The HTML as a browser would build it, so `<br>` and `<br />` compare equal. */
const parsed = (html: string) => {
  const { document } = new JSDOM().window;
  const body = document.createElement('body');
  body.innerHTML = html;
  return body;
};

/** What a browser would run from the cleaned HTML: scripts, frames, handlers, styles, unsafe URLs. */
function executableVectors(html: string): string[] {
  const found: string[] = [];
  for (const el of parsed(html).querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (
      [
        'script',
        'iframe',
        'object',
        'embed',
        'form',
        'style',
        'img',
        'svg',
        'math',
        'link',
        'meta',
        'base',
      ].includes(tag)
    )
      found.push(`<${tag}>`);
    for (const { name, value } of el.attributes) {
      if (name.startsWith('on') || ['style', 'formaction', 'srcdoc', 'src', 'action'].includes(name))
        found.push(`${tag}[${name}]`);
      if (name === 'href' && !/^(https?:|mailto:|\/\/)/i.test(value.trim()))
        found.push(`${tag}[href=${value}]`);
    }
  }
  return found;
}

const XSS_PAYLOADS: Record<string, string> = {
  script: '<p>a</p><script>alert(1)</script>',
  'split script': '<scr<script>ipt>alert(1)</scr</script>ipt>',
  'img onerror': '<img src=x onerror=alert(1)>',
  'svg onload': '<svg onload=alert(1)><circle r="1"/></svg>',
  'handler on an allowed tag': '<p onclick="alert(1)" onmouseover=alert(1)>x</p>',
  'javascript: href': '<a href="javascript:alert(1)">x</a>',
  'mixed-case javascript: href': '<a href="JaVaScRiPt:alert(1)">x</a>',
  'entity-encoded javascript: href': '<a href="jav&#x61;script&#58;alert(1)">x</a>',
  'decimal entities without semicolons':
    '<a href="&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58alert(1)">x</a>',
  'tab inside the scheme': '<a href="java\tscript:alert(1)">x</a>',
  'leading spaces and control characters': '<a href=" \x01javascript:alert(1)">x</a>',
  'data: href': '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  'vbscript: href': '<a href="vbscript:msgbox(1)">x</a>',
  'VBScript: href mixed case': '<a href="VbScRiPt:msgbox(1)">x</a>',
  'style with expression': '<p style="width: expression(alert(1))">x</p>',
  'style with url': '<p style="background:url(javascript:alert(1))">x</p>',
  'style element': '<style>@import "javascript:alert(1)";</style><p>x</p>',
  iframe: '<iframe src="javascript:alert(1)"></iframe>',
  'iframe srcdoc': '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  object: '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  'form with formaction':
    '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button></form>',
  'input autofocus onfocus': '<input autofocus onfocus=alert(1)>',
  'meta refresh': '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  'base href': '<base href="javascript:alert(1)//">',
  'mXSS noscript': '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  'mXSS math mglyph style': '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  'mXSS svg style': '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  'mXSS comment': '<!--<img src="--><img src=x onerror=alert(1)//">',
  'mXSS template': '<template><img src=x onerror=alert(1)></template>',
  'unquoted attribute breakout': '<a href=https://ok.example onmouseover=alert(1)>x</a>',
};

describe('sanitizeRichText against XSS payloads', () => {
  it.each(Object.entries(XSS_PAYLOADS))('%s leaves nothing that runs', (_name, payload) => {
    const clean = sanitizeRichText(payload);
    expect(executableVectors(clean)).toEqual([]);
    // A second pass over the output changes nothing: no markup hides behind the first parse.
    expect(sanitizeRichText(clean)).toBe(clean);
    expect(clean).not.toMatch(/<script|onerror|onload|javascript:|vbscript:|data:text/i);
  });
});

/** The admin editor's (tiptap StarterKit) output for everything its toolbar and shortcuts make. */
const EDITOR_OUTPUT = [
  '<p>Plain, <strong>bold</strong>, <em>italic</em>, <u>underlined</u>, <s>struck</s> and <code>code</code>.</p>',
  '<h2>Warm-up</h2><h3>Pliés</h3><h4>Second position</h4>',
  '<ul><li><p>Pliés</p></li><li><p>Tendus</p></li></ul><ol><li><p>First</p></li></ol><ol start="3"><li><p>Third</p></li></ol>',
  '<blockquote><p>Dance first, think later.</p></blockquote>',
  '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/class?a=1&amp;b=2">a link</a> and <a target="_blank" rel="noopener noreferrer nofollow" href="mailto:studio@example.com">mail</a></p>',
  '<pre><code class="language-js">const x = 1 &lt; 2;</code></pre><pre><code>plain block</code></pre>',
  '<p>line<br>break</p><hr><p>after a rule</p>',
];

describe('sanitizeRichText keeps what the editor makes', () => {
  it.each(EDITOR_OUTPUT)('%s', (html) => {
    const clean = sanitizeRichText(html);
    expect(parsed(clean).innerHTML).toBe(parsed(html).innerHTML);
  });

  it('keeps editor markup byte for byte when it has no void elements', () => {
    const html = EDITOR_OUTPUT.slice(0, 6).join('');
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('forces a new tab with no opener on every link, whatever the input said', () => {
    expect(sanitizeRichText('<a href="https://x.example" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('keeps headings in the h2-h4 range and the text of dropped tags', () => {
    expect(sanitizeRichText('<h1>Top</h1><h6>Low</h6><div><span style="color:red">kept</span></div>')).toBe(
      '<h2>Top</h2><h4>Low</h4>kept',
    );
  });

  it('answers no text for an editor left empty', () => {
    expect(sanitizeRichText('<p></p>')).toBe('');
    expect(sanitizeRichText('  <p> </p>\n')).toBe('');
    expect(sanitizeRichText('<script>x</script>')).toBe('');
  });
});
