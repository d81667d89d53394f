import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** Employees: listing needs VIEW_EMPLOYEES, changing one MANAGE_EMPLOYEES (docs/product/rulings.md). */
export const employeeList: ConsoleScreen = {
  kind: 'resource',
  name: 'employees',
  list: lazyScreen(() => import('./EmployeeList')),
  edit: lazyScreen(() => import('./EmployeeEdit')),
  editPermission: 'MANAGE_EMPLOYEES',
};

/** Registering a new employee (/admin/employee-registration) is its own sidebar item and permission. */
export const employeeRegistration: ConsoleScreen = {
  kind: 'route',
  name: 'employee-registration',
  list: lazyScreen(() => import('./EmployeeRegistration')),
};

const employees: readonly ConsoleScreen[] = [employeeRegistration, employeeList];
export default employees;
