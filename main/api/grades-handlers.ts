import { cancelGrading, gradesSummary, listGradingJobs, rowGrades, rowVerdicts, startGrading } from '../services/grading/grading-service';
import type { HandlersOf } from './handler';

export const gradesHandlers: HandlersOf<'grades'> = {
  'grades.run': (context, input) => startGrading(context, input),
  'grades.cancel': (context, input) => cancelGrading(context, input.job_id),
  'grades.jobs': (context, input) => listGradingJobs(context, input.run_id),
  'grades.summary': (context, input) => gradesSummary(context, input.run_id),
  'grades.list': (context, input) => rowGrades(context, input.row_id),
  'grades.verdicts': (context, input) => rowVerdicts(context, input.run_id, input.judge),
};
