/**
 * A one-page PDF of plain text lines (Helvetica, WinAnsi encoding), for the demo's downloadable
 * lesson documents: small, dependency-free and deterministic. The first line is the title.
 */
export function textPdf(lines: string[]): Buffer {
  const escape = (s: string) => s.replace(/[’]/g, "'").replace(/[œ]/g, "oe").replace(/([\\()])/g, "\\$1");
  const body = lines
    .map((line, i) => (i === 0 ? `/F1 16 Tf 56 780 Td (${escape(line)}) Tj /F1 11 Tf 0 -30 Td` : `(${escape(line)}) Tj 0 -18 Td`))
    .join("\n");
  const stream = `BT\n${body}\nET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((n) => `${String(n).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
