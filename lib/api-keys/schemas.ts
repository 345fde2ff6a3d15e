import { z } from "zod";
import { DateTimeOutput, Uuid } from "@/lib/schemas";

export const MAX_KEY_NAME_LENGTH = 100;

export const ApiKey = z
  .object({
    id: Uuid,
    type: z.enum(["sk", "pk"]),
    name: z.string().nullable(),
    key: z.string().nullable().meta({ description: "Full value: on the create response for both types; later only for publishable keys." }),
    display_prefix: z.string(),
    revoked: z.boolean(),
    created_at: DateTimeOutput,
    last_used_at: DateTimeOutput.nullable(),
    allowed_origins: z.array(z.string()),
  })
  .meta({ id: "ApiKey" });
export type ApiKey = z.infer<typeof ApiKey>;

export const MintKeyBody = z.object({
  type: z.enum(["sk", "pk"]),
  name: z.string().max(MAX_KEY_NAME_LENGTH).nullable().optional(),
});
export type MintKeyBody = z.infer<typeof MintKeyBody>;

/** A browser origin: scheme, host and optional port, nothing else (no path, no trailing slash). */
export const Origin = z
  .string()
  .max(255)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value;
    } catch {
      return false;
    }
  }, "must be an origin such as https://example.com (scheme, host and port only)")
  .meta({ example: "https://shop.example" });

export const UpdateApiKeyBody = z.object({
  name: z.string().max(MAX_KEY_NAME_LENGTH).nullable().optional(),
  allowed_origins: z.array(Origin).max(50).optional(),
});
export type UpdateApiKeyBody = z.infer<typeof UpdateApiKeyBody>;

export const ApiKeyIdParams = z.object({ id: Uuid });
