/**
 * Every island, by name (the name is the file name). The server renders them from here; the build makes
 * one browser entry per top-level islands/*.tsx file. Add each new island here.
 */
import ChangePasswordForm from './ChangePasswordForm';
import DepartmentPicker from './DepartmentPicker';
import ForgotPasswordForm from './ForgotPasswordForm';
import LoginForm from './LoginForm';
import MyDepartments from './MyDepartments';
import ProfileInfoForm from './ProfileInfoForm';
import RegisterForm from './RegisterForm';
import ResetPasswordForm from './ResetPasswordForm';
import UsernameForm from './UsernameForm';

export const islands = {
  ChangePasswordForm,
  DepartmentPicker,
  ForgotPasswordForm,
  LoginForm,
  MyDepartments,
  ProfileInfoForm,
  RegisterForm,
  ResetPasswordForm,
  UsernameForm,
};
