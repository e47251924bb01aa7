import { Loading } from "@/components/ui/skeleton";

/** Shown inside the app shell while a page's server part loads, so navigation answers at once. */
export default function AppLoading() {
  return <Loading shape="page" />;
}
