/** "上传失败：<why>" — the spec's failure text, with the server's reason when it gave one. */
export function failureText(error: unknown, failed: string): string {
  const why = error instanceof Error ? error.message : "";
  return why && why !== failed ? `${failed}：${why}` : failed;
}
