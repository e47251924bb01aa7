import NextAuth from "next-auth";
import { authOptions } from "@/server/auth/next-auth";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

/** next-auth's endpoints (csrf, callback/credentials, session, signout) on the caller's own host. */
function handler(req: Request, context: RouteContext): Promise<Response> {
  return NextAuth(req as never, context as never, authOptions());
}

export { handler as GET, handler as POST };
