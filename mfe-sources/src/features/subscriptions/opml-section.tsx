import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { failureReason } from '@blogstream/shared/api';
import { endpointPath, OPML_IMPORT_MAX_CHARS } from '@blogstream/shared/contract/browser';
import type { ImportOpmlResponse, OpmlRefusalReason } from '@blogstream/shared/contract';
import { checkSession, useAppStore } from '@blogstream/shared/store';
import { Button, FormError } from '@blogstream/shared/ui';
import { opmlApi } from './opml-api';

const refusalText: Record<OpmlRefusalReason, string> = {
  invalid_url: 'not a web address',
  private_address: 'not on the public internet',
  fetch_failed: 'could not be fetched',
  not_a_feed: 'not a feed',
  too_many_new_feeds: 'too many new feeds in one import: import the file again later',
};

const failureText: Record<string, string> = {
  OPML_INVALID: 'This file is not an OPML file.',
  OPML_TOO_MANY_FEEDS: 'This file has too many feeds to import at once.',
  RATE_LIMITED: 'Too many imports: try again in an hour.',
};

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`;

/** Feed addresses can be long words: they wrap anywhere rather than widen a phone's screen. */
const Address = styled.small`
  overflow-wrap: anywhere;
`;

const FileLabel = styled.label`
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

function ReportList({
  title,
  items,
}: {
  title: string;
  items: { key: string; text: string; url: string }[];
}) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>
        {title} ({items.length})
      </h3>
      {items.length ? (
        <ul>
          {items.map((item) => (
            <li key={item.key}>
              {item.text} <Address>({item.url})</Address>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** What an import did with each feed of the file: added, already known, refused and why. */
export function OpmlImportReport({ report }: { report: ImportOpmlResponse }) {
  const followed = (sources: ImportOpmlResponse['added']) =>
    sources.map((source) => ({
      key: String(source.source_id),
      text: source.long_name,
      url: source.feed_url,
    }));
  return (
    <section aria-label="Import report">
      <p role="status">
        {report.added.length + report.known.length} sources followed, {report.refused.length}{' '}
        refused.
      </p>
      <ReportList title="Added" items={followed(report.added)} />
      <ReportList title="Already known" items={followed(report.known)} />
      <ReportList
        title="Refused"
        items={report.refused.map((feed, index) => ({
          key: `${index}`,
          text: `${feed.title}: ${refusalText[feed.reason]}`,
          url: feed.feed_url,
        }))}
      />
    </section>
  );
}

/**
 * Export the reader's subscriptions as OPML (a download) and import an OPML file from another
 * reader (Feedly, Inoreader, Miniflux): the server follows the feeds it knows and crawls new ones.
 */
export function OpmlSection() {
  const store = useAppStore();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [importOpml, state] = opmlApi.useImportOpmlMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setProblem(null);
    const text = await file.text();
    if (text.length > OPML_IMPORT_MAX_CHARS) {
      setProblem(`This file is too large to import (at most ${OPML_IMPORT_MAX_CHARS / 1000} KB).`);
      return;
    }
    const result = await importOpml(text);
    if ('error' in result) {
      setProblem(
        failureText[failureReason(result.error) ?? ''] ?? 'The import failed: try again later.',
      );
      return;
    }
    // follows_sources in the reader's data may have changed.
    await checkSession(store);
  };

  return (
    <section aria-labelledby="opml-heading">
      <h2 id="opml-heading">Import and export</h2>
      <p>
        <a href={endpointPath('subscriptionsOpml')} download="subscriptions.opml">
          Export subscriptions (OPML)
        </a>
      </p>
      <form onSubmit={(event) => void submit(event)} aria-label="Import OPML">
        <Row>
          <FileLabel htmlFor={inputId}>
            OPML file from another reader
            <input
              id={inputId}
              type="file"
              accept=".opml,.xml,text/x-opml,application/xml,text/xml"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </FileLabel>
          <Button type="submit" disabled={!file || state.isLoading}>
            {state.isLoading ? 'Importing…' : 'Import'}
          </Button>
        </Row>
      </form>
      {problem ? <FormError>{problem}</FormError> : null}
      {state.data && !problem ? <OpmlImportReport report={state.data} /> : null}
    </section>
  );
}
