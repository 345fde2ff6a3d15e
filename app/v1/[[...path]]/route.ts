import { DomainError } from "@/lib/errors";
import { errorResponse } from "@/lib/http/envelope";

// Any method on an unknown /v1 path – a JSON 404 in the spec's envelope, never an HTML page
const unknownPath = async () => errorResponse(new DomainError("not_found", "Unrecognized request URL. See /v1/openapi.json for the routes."), "none");

export { unknownPath as GET, unknownPath as POST, unknownPath as PUT, unknownPath as PATCH, unknownPath as DELETE };
