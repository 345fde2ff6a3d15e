import { Customer, CustomerIdParams, CustomerList, ListCustomersQuery } from "@/lib/customers/schemas";
import { defineOperation } from "../operation";

const TAG = "Customers";

export const listCustomers = defineOperation({
  id: "listCustomers",
  method: "GET",
  path: "/v1/customers",
  tag: TAG,
  summary: "List customers",
  description:
    "The workspace's customers (one per email, made by their bookings), newest first (ties by id), each with its bookings count. q matches part of the name or email, case-insensitive.",
  auth: "sk",
  query: ListCustomersQuery,
  response: { status: 200, schema: CustomerList },
  errors: [],
});

export const getCustomer = defineOperation({
  id: "getCustomer",
  method: "GET",
  path: "/v1/customers/{id}",
  tag: TAG,
  summary: "Retrieve a customer",
  description: "With the number of bookings they have made in this workspace.",
  auth: "sk",
  params: CustomerIdParams,
  response: { status: 200, schema: Customer },
  errors: ["not_found"],
});
