/** An HTTP body as parsed: JSON when it parses, the text as it came otherwise, '' when empty. */
export function parseJsonBody(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
