import { z } from "zod";
import { ZTimestamp } from "./common";

/**
 * The signing window of a session as the server computes it (services/attendance/signing-window.ts,
 * the one rule the sign endpoints apply). The screens show these; they never recompute them.
 */
export const signingWindowFields = {
  endsAt: ZTimestamp.describe("Planned end: the last range's end of the schedule (a session over several days ends on its last day)"),
  signingOpensAt: ZTimestamp.nullable().describe("Signatures are taken from this instant: 30 minutes before the planned start; null when CANCELLED (never open)"),
  signingClosesAt: ZTimestamp.nullable().describe(
    "Signatures are taken until this instant (included): 2 hours after the planned end (endsAt), days after the start for a session over several days; a LIVE session stays open past it; null when CANCELLED",
  ),
  signingOpen: z
    .boolean()
    .describe(
      "Whether the sign endpoints accept a signature now (server clock): true while LIVE, false when CANCELLED, otherwise signingOpensAt <= now <= signingClosesAt",
    ),
};

/** One sentence for the OpenAPI descriptions of the operations answering these fields. */
export const SIGNING_WINDOW_NOTE =
  "Each session carries endsAt, signingOpensAt, signingClosesAt and signingOpen: the window in which the sign endpoints accept a signature, computed by the same rule they apply (a session over several days stays open from its first start to its last end).";
