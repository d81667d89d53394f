import type { ComponentProps } from 'react';
import AccountMenu from './AccountMenu';
import AddToCart from './add-to-cart/AddToCartForm';
import CartCleaner from './CartCleaner';
import CheckoutForm from './CheckoutForm';
import ContactForm from './ContactForm';
import CartButton from './cart-button/CartButtonPopup';
import DonationForm from './DonationForm';
import FeedbackForm from './FeedbackForm';
import FollowButton from './FollowButton';
import HeatmapOverlay from './HeatmapOverlay';
import JobApplications from './JobApplications';
import LogOutButton from './LogOutButton';
import MembershipManage from './MembershipManage';
import MembershipSubscribe from './MembershipSubscribe';
import MessageBadge from './MessageBadge';
import Messenger from './Messenger';
import NewPasswordForm from './NewPasswordForm';
import NotificationBell from './NotificationBell';
import NotificationsPage from './NotificationsPage';
import OrderStatusForm from './OrderStatusForm';
import PasswordResetRequestForm from './PasswordResetRequestForm';
import ProfileImageUpload from './ProfileImageUpload';
import SetupForm from './SetupForm';
import SignInForm from './SignInForm';
import SignUpForm from './SignUpForm';
import SearchBox from './search-box/SearchBoxCombobox';
import SideMenu from './side-menu/SideMenuPanel';

/** The tracker's marker: it renders nothing; its script is ./Tracker.tsx (site/lib/tracker/start.ts). */
function Tracker(_props: { userId: number | null }) {
  return null;
}

/**
 * Server-side map of island name → component. The name must equal the file name in this
 * folder: the browser loads `./islands/<name>.tsx` (site/client.ts). A mounted island's file
 * holds only its browser script (site/lib/island-loading.ts), so its server component may live
 * beside it (the search box's in ./search-box/, the cart button's in ./cart-button/, the side menu's in
 * ./side-menu/, Add to cart's in ./add-to-cart/).
 */
export const islands = {
  AccountMenu,
  AddToCart,
  CartButton,
  CartCleaner,
  CheckoutForm,
  ContactForm,
  DonationForm,
  FeedbackForm,
  FollowButton,
  HeatmapOverlay,
  JobApplications,
  LogOutButton,
  MembershipManage,
  MembershipSubscribe,
  MessageBadge,
  Messenger,
  NotificationBell,
  NotificationsPage,
  OrderStatusForm,
  NewPasswordForm,
  PasswordResetRequestForm,
  ProfileImageUpload,
  SearchBox,
  SetupForm,
  SideMenu,
  SignInForm,
  SignUpForm,
  Tracker,
};

export type IslandName = keyof typeof islands;
export type IslandProps<N extends IslandName> = ComponentProps<(typeof islands)[N]>;
