import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { CodeBlock } from "@/components/docs/code-block";
import { Guide } from "@/components/docs/guide";
import { getConfig } from "@/lib/config";
import { listQuickstartSteps } from "./steps";

export const metadata: Metadata = { title: "Quickstart" };

// GET /docs/quickstart – from an account key to a booking and its webhook, as copyable curls
export default async function QuickstartPage() {
  await connection();
  const steps = listQuickstartSteps(getConfig().appUrl);
  return (
    <Guide
      title="Quickstart"
      lead="From an account key to a confirmed booking and a signed webhook in seven steps. Paste each block into one shell, in order: later blocks use the variables earlier ones set. Start your webhook receiver before step 7: the cancellation there is delivered to it a few seconds later."
      next={{ href: "/docs/webhooks", label: "Webhooks: events, signatures and retries" }}
    >
      {steps.map((step) => (
        <section key={step.id} aria-labelledby={`step-${step.id}`}>
          <h2 id={`step-${step.id}`}>{step.title}</h2>
          <p>{step.intro}</p>
          <CodeBlock code={step.code} label={`${step.title} commands`} />
          {step.after ? <p>{step.after}</p> : null}
        </section>
      ))}
      <h2>Where next</h2>
      <ul>
        <li>
          Every operation, its fields and its errors: the <Link href="/docs">API reference</Link> (with a &ldquo;try it&rdquo; against this server).
        </li>
        <li>
          Put the booking flow on your own site: <Link href="/docs/embedding">embedding</Link>.
        </li>
        <li>
          Move time, run background work and settle test payments: <Link href="/docs/test-mode">test mode</Link>.
        </li>
      </ul>
    </Guide>
  );
}
