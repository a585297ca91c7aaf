import sanitizeHtml from 'sanitize-html';

/** Images declared this small are tracking pixels, not pictures. */
const MIN_IMAGE_SIDE = 2;
const MAX_CANDIDATES = 5;

function isTrackingPixel(attributes: Record<string, string>): boolean {
  const sides = [attributes.width, attributes.height].map((side) =>
    Number.parseInt(side ?? '', 10),
  );
  return sides.some((side) => !Number.isNaN(side) && side < MIN_IMAGE_SIDE);
}

/**
 * The src of the first few real <img> elements of an HTML fragment, as written: relative, or
 * with any scheme. The normalise step keeps the first that resolves to an http(s) URL.
 */
export function imageSources(html: string): string[] {
  const sources: string[] = [];
  sanitizeHtml(html, {
    allowedTags: ['img'],
    allowedAttributes: { img: ['src', 'width', 'height'] },
    transformTags: {
      img: (tagName, attributes) => {
        if (sources.length < MAX_CANDIDATES && attributes.src && !isTrackingPixel(attributes)) {
          sources.push(attributes.src);
        }
        return { tagName, attribs: attributes };
      },
    },
  });
  return sources;
}
