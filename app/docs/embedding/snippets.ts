/** The embedding guide's shell: e2e/docs.spec.ts runs it after the quickstart. */
export const ALLOW_ORIGIN_COMMANDS = [
  `PK_ID=$(curl -sS --fail-with-body "$BASE/v1/api-keys" -H "Authorization: Bearer $SK" \\`,
  `  | jq -r '[.data[] | select(.type == "pk" and (.revoked | not))][0].id')`,
  `curl -sS --fail-with-body -X PATCH "$BASE/v1/api-keys/$PK_ID" \\`,
  `  -H "Authorization: Bearer $SK" -H "Content-Type: application/json" \\`,
  `  -d '{"allowed_origins": ["https://www.your-site.example"]}' | jq -c .allowed_origins`,
].join("\n");
