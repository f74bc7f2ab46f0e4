import { AdminApp } from "./app/AdminApp";
import { mount } from "./app/mount";

// The back office's entry (admin.html, which the server sends for /admin and every path below it): the admin routes
// alone, without the users' pages, their layout and antd-mobile. The users' themes never apply here.
mount(<AdminApp />);
