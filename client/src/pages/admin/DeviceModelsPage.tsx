import { DeviceModelsTable } from "../../features/admin/device-models/DeviceModelsTable";

export default function DeviceModelsPage() {
  return <DeviceModelsTable />;
}
