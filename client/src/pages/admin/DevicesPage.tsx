import { DevicesTable } from "../../features/admin/devices/DevicesTable";
import { SigningIdentityCard } from "../../features/admin/devices/SigningIdentityCard";

export default function DevicesPage() {
  return (
    <>
      <SigningIdentityCard />
      <DevicesTable />
    </>
  );
}
