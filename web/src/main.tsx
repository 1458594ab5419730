import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import AppRoutes from './router'

// a data router, so that a form with unsaved changes can hold a navigation (useBlocker); the routes stay <Routes> below it
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }])

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
