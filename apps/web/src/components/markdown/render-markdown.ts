import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * Instances of their own, so that nothing else configuring marked (EasyMDE does) changes how descriptions
 * render; one per heading offset, so a "# Title" in a description never competes with the page's own h1.
 */
const renderers = new Map<number, Marked>();
function markdownFor(headingOffset: number): Marked {
  let renderer = renderers.get(headingOffset);
  if (!renderer) {
    renderer = new Marked({
      gfm: true,
      breaks: true,
      walkTokens: (token) => {
        if (token.type === 'heading') token.depth = Math.min(6, token.depth + headingOffset);
      },
    });
    renderers.set(headingOffset, renderer);
  }
  return renderer;
}

// A purifier of its own too: the hooks below must not apply to other users of DOMPurify.
const purifier = DOMPurify(window);

purifier.addHook('afterSanitizeAttributes', (node) => {
  // Links leave the application in a new tab and give the target no handle on this window.
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  if (node.tagName === 'IMG') {
    node.setAttribute('loading', 'lazy');
  }
});

const ALLOWED_URI = /^(?:https?:|mailto:|\/(?!\/)|#|data:image\/(?:png|jpeg|gif|avif);)/i;

/**
 * Markdown to HTML that is safe to insert into the page: no scripts, no event handlers, no `style`, no
 * `javascript:` or other foreign-scheme links, no forms or frames. The only way in for descriptions written
 * by users. Headings move down by `headingOffset` levels (default 2: "#" becomes h3 under a page's h1 and a
 * section's h2).
 */
export function renderMarkdown(source: string, { headingOffset = 2 }: { headingOffset?: number } = {}): string {
  const html = markdownFor(headingOffset).parse(source, { async: false });
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['style', 'class', 'id', 'srcset'],
    ALLOWED_URI_REGEXP: ALLOWED_URI,
  });
}
