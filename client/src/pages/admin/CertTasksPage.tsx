import { TasksCard } from "../../features/admin/mall/TasksCard";
import { IncidentsCard } from "../../features/admin/resign/IncidentsCard";

/** /admin/cert-tasks: 掉签 incidents and their automatic re-signing; the mall's fulfilment tasks with their logs, retry and manual delivery. */
export default function CertTasksPage() {
  return (
    <>
      <IncidentsCard />
      <TasksCard />
    </>
  );
}
