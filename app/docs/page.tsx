import type { Metadata } from "next";
import { ApiReference } from "@/components/docs/api-reference";

export const metadata: Metadata = { title: { absolute: "API reference · Appointment booking" } };

// GET /docs – the API reference, rendered from /v1/openapi.json with a "try it" against this server
export default function ReferencePage() {
  return (
    // Scalar renders its own <main>, with the document's title as the page's h1.
    <ApiReference />
  );
}
