import Markdown from 'markdown-to-jsx';

/** A post's text rendered from its Markdown. */
export function PostBody({ markdown }: { markdown: string }) {
  return <Markdown>{markdown}</Markdown>;
}
