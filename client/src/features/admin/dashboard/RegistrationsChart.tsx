import { DayCountChart } from "./DayCountChart";

/** Registrations per day as bars, the count above each day that has any. */
export function RegistrationsChart({ data }: { data: readonly { date: string; count: number }[] }) {
  return <DayCountChart data={data} noun="注册人数" unit="人" />;
}
