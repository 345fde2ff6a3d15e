"use client";

import { createWebhookAction, rotateWebhookSecretAction } from "../actions";
import { OnceForm } from "../_once";
import local from "../settings.module.css";
import styles from "../../../console.module.css";
import { RefusalText } from "../../../_refusal-text";

type OnceTexts = { shownOnce: string; copy: string; copied: string };

/** The URL and events of an endpoint, with the API's refusal beside the one it names. */
export function EndpointFields({
  events,
  chosen,
  url,
  texts,
  refusal,
}: {
  events: readonly string[];
  chosen: readonly string[];
  url: string;
  texts: { url: string; events: string };
  refusal: { param?: string; message: string; detail?: string } | undefined;
}) {
  const urlRefused = refusal?.param === "url";
  const eventsRefused = refusal?.param === "events";
  return (
    <>
      <div className={styles.field}>
        <label htmlFor="endpoint-url">{texts.url}</label>
        <input
          id="endpoint-url"
          name="url"
          type="url"
          defaultValue={url}
          autoComplete="off"
          aria-invalid={urlRefused || undefined}
          aria-describedby={urlRefused ? "endpoint-url-error" : undefined}
        />
        {urlRefused ? (
          <p id="endpoint-url-error" className={styles.error}>
            <RefusalText message={refusal.message} detail={refusal.detail} />
          </p>
        ) : null}
      </div>
      <fieldset className={local.fieldset} aria-describedby={eventsRefused ? "endpoint-events-error" : undefined}>
        <legend>{texts.events}</legend>
        {events.map((event) => (
          <div key={event} className={local.check}>
            <input id={`event-${event}`} name="events" type="checkbox" value={event} defaultChecked={chosen.includes(event)} />
            <label htmlFor={`event-${event}`}>
              <code>{event}</code>
            </label>
          </div>
        ))}
        {eventsRefused ? (
          <p id="endpoint-events-error" className={styles.error}>
            <RefusalText message={refusal.message} detail={refusal.detail} />
          </p>
        ) : null}
      </fieldset>
    </>
  );
}

/** "Add endpoint": the signing secret is shown once above the form. */
export function CreateEndpointForm({
  workspaceId,
  events,
  texts,
}: {
  workspaceId: string;
  events: readonly string[];
  texts: OnceTexts & { url: string; events: string; add: string };
}) {
  return (
    <OnceForm action={createWebhookAction} texts={texts} fields={["url", "events"]}>
      {(refusal, values) => (
        <>
          <input type="hidden" name="workspace" value={workspaceId} />
          <EndpointFields
            events={events}
            chosen={Array.isArray(values.events) ? values.events : []}
            url={typeof values.url === "string" ? values.url : ""}
            texts={texts}
            refusal={refusal}
          />
          <button className={styles.button} type="submit">
            {texts.add}
          </button>
        </>
      )}
    </OnceForm>
  );
}

/** "Rotate secret": the new one is shown once; the old one stops signing at once. */
export function RotateSecretForm({ workspaceId, endpointId, texts }: { workspaceId: string; endpointId: string; texts: OnceTexts & { rotate: string } }) {
  return (
    <OnceForm action={rotateWebhookSecretAction} texts={texts} fields={[]}>
      {() => (
        <>
          <input type="hidden" name="workspace" value={workspaceId} />
          <input type="hidden" name="endpoint" value={endpointId} />
          <button className={`${styles.button} ${styles.secondary}`} type="submit">
            {texts.rotate}
          </button>
        </>
      )}
    </OnceForm>
  );
}
