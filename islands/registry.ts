/**
 * Every island, by name (the name is the file name). The server renders them from here; the build makes
 * one browser entry per top-level islands/*.tsx file. Add each new island here: test/unit/islands-registry.test.ts
 * fails while the folder and this list differ.
 */
import AddPasskey from './AddPasskey';
import AdminAiLogs from './AdminAiLogs';
import AdminBetaCodes from './AdminBetaCodes';
import AdminBlacklist from './AdminBlacklist';
import AdminDepartments from './AdminDepartments';
import AdminStats from './AdminStats';
import AdminUsers from './AdminUsers';
import CardScanner from './CardScanner';
import ChangePasswordForm from './ChangePasswordForm';
import DatabaseSetup from './DatabaseSetup';
import CreateProfileForm from './CreateProfileForm';
import DepartmentPicker from './DepartmentPicker';
import ListEditor from './ListEditor';
import MyDepartments from './MyDepartments';
import PhotoGallery from './PhotoGallery';
import PasskeySignIn from './PasskeySignIn';
import PhotoLinks from './PhotoLinks';
import ProfileEditor from './ProfileEditor';
import ProfileInfoForm from './ProfileInfoForm';
import ProfileToolbar from './ProfileToolbar';
import SharePanel from './SharePanel';
import UsernameForm from './UsernameForm';

export const islands = {
  AddPasskey,
  AdminAiLogs,
  AdminBetaCodes,
  AdminBlacklist,
  AdminDepartments,
  AdminStats,
  AdminUsers,
  CardScanner,
  DatabaseSetup,
  ChangePasswordForm,
  CreateProfileForm,
  DepartmentPicker,
  ListEditor,
  MyDepartments,
  PasskeySignIn,
  PhotoGallery,
  PhotoLinks,
  ProfileEditor,
  ProfileInfoForm,
  ProfileToolbar,
  SharePanel,
  UsernameForm,
};
