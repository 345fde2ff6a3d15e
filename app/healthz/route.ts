import { healthz, probeMethodNotAllowed, probeResponse } from "@/lib/http/probes";

export const dynamic = "force-dynamic";

// GET /healthz – the process is up and answering (docs/deploy.md); never touches the database.
// Under `npm start` the server answers it before admission (lib/http/probes.ts); this route serves `next dev`.
export async function GET(): Promise<Response> {
  return probeResponse(healthz());
}

const notAllowed = async (): Promise<Response> => probeResponse(probeMethodNotAllowed());
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, notAllowed as OPTIONS };
