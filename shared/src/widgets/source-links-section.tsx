import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { RelatedSource } from '@blogstream/shared/contract';
import { clientPath } from '@blogstream/shared/contract/browser';
import { LinkGrid, TileName } from '@blogstream/shared/ui';

export interface SourceLinksSectionProps {
  title: string;
  /** Undefined while loading. */
  sources: RelatedSource[] | undefined;
}

/**
 * A titled grid of links to blogs ('Related engineering blogs', '{topic} blogs to follow').
 * Nothing at all, heading included, while there is no blog to show.
 */
export function SourceLinksSection({ title, sources }: SourceLinksSectionProps) {
  const headingId = useId();
  if (!sources?.length) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <LinkGrid>
        {sources.map((source) => (
          <li key={source.url_name}>
            <Link to={clientPath('sourceByUrlName', { sourceUrlName: source.url_name })}>
              <img src={`/static/logos/${source.logo_file}`} alt="" loading="lazy" />
              <TileName>{source.long_name}</TileName>
            </Link>
          </li>
        ))}
      </LinkGrid>
    </section>
  );
}
