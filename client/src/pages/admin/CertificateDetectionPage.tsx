import { useState } from "react";
import { BatchHistory } from "../../features/admin/certificate-checks/BatchHistory";
import { BatchProgress, StartBatch } from "../../features/admin/certificate-checks/Detection";

export default function CertificateDetectionPage() {
  const [current, setCurrent] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const reload = () => setReloadKey((k) => k + 1);
  return (
    <>
      <StartBatch
        onStarted={(b) => {
          setCurrent(b.id);
          reload();
        }}
      />
      <div style={{ height: 16 }} />
      {current && (
        <>
          <BatchProgress key={current} id={current} onChanged={reload} />
          <div style={{ height: 16 }} />
        </>
      )}
      <BatchHistory reloadKey={reloadKey} onOpen={setCurrent} />
    </>
  );
}
