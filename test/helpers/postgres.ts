// A throwaway PostgreSQL cluster for the tests of the shared catalog (postgres-cluster.mjs, which
// the bench starts too).
export {
  catalogDump,
  committingHolder,
  postgresMissing,
  startPostgres,
  type PostgresCluster,
} from './postgres-cluster.mjs';
