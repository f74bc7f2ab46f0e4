import { useState } from "react";
import { CardKeyBatchesTable } from "../../features/admin/card-keys/CardKeyBatchesTable";
import { GenerateCardKeys } from "../../features/admin/card-keys/GenerateCardKeys";

export default function CardKeysPage() {
  const [reloadKey, setReloadKey] = useState(0);
  return (
    <>
      <GenerateCardKeys onGenerated={() => setReloadKey((k) => k + 1)} />
      <div style={{ height: 16 }} />
      <CardKeyBatchesTable reloadKey={reloadKey} />
    </>
  );
}
