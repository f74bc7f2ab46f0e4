import { ConsumptionRecordsTable } from "../../features/admin/wallet/ConsumptionRecordsTable";

export default function ConsumptionRecordsPage() {
  return <ConsumptionRecordsTable />;
}
