import { redirect } from "next/navigation";

type Props = { params: Promise<{ tenant: string; id: string }> };

/**
 * What a session's QR code opens: `/q/{id}`, a short URL (the token's 22-character id) that is
 * easy to scan from the back of a room. It goes on to the signing page for that token, which
 * signs the learner in first when needed and comes back.
 */
export default async function ShortQrPage({ params }: Props) {
  const { id } = await params;
  redirect(`/sign?token=${encodeURIComponent(id)}`);
}
