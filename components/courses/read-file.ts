/** A picked file as the JSON body of POST /media (standard base64, no data: prefix). */
export async function fileToUpload(file: File): Promise<{ fileName: string; mimeType: string; dataBase64: string }> {
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
  const comma = dataUrl.indexOf(",");
  return { fileName: file.name, mimeType: file.type || "application/octet-stream", dataBase64: dataUrl.slice(comma + 1) };
}

/** Where the app downloads a media file (the session cookie authenticates it). */
export const mediaFileUrl = (mediaId: string) => `/api/v1/media/${encodeURIComponent(mediaId)}/file`;
