/** Word pools for generated members. Kept as whitespace-separated text so 300 names fit on a page. */
function words(text: string): readonly string[] {
  return text.trim().split(/\s+/);
}

export const FIRST_NAMES = words(`
  James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan
  Joseph Jessica Thomas Sarah Christopher Karen Charles Lisa Daniel Nancy Matthew Betty Anthony Sandra
  Mark Margaret Donald Ashley Steven Kimberly Andrew Emily Paul Donna Joshua Michelle Kenneth Carol
  Kevin Amanda Brian Melissa George Deborah Timothy Stephanie Ronald Rebecca Jason Laura Edward Helen
  Jeffrey Sharon Ryan Cynthia Jacob Kathleen Gary Amy Nicholas Angela Eric Shirley Jonathan Anna
  Stephen Brenda Larry Pamela Justin Emma Scott Nicole Brandon Samantha Benjamin Katherine Samuel
  Christine Gregory Rachel Alexander Carolyn Patrick Janet Frank Maria Raymond Olivia Jack Heather
  Dennis Diane Tyler Julie Aaron Joyce Jose Victoria Adam Ruth Nathan Virginia Henry Lauren Zachary
  Kelly Douglas Christina Peter Joan Kyle Evelyn Noah Judith Ethan Andrea Jeremy Hannah Walter Megan
  Christian Cheryl Keith Jacqueline Roger Martha Terry Madison Austin Teresa Sean Gloria Gerald Sara
  Carl Janice Harold Ann Dylan Kathryn Arthur Abigail Lawrence Sophia Jordan Frances Jesse Jean Bryan
  Alice Billy Judy Bruce Isabella Gabriel Julia Joe Grace Logan Amber Alan Denise Juan Danielle
  Santiago Ximena Mateo Valentina Diego Camila Luis Guadalupe Carlos Sofía José Lucía Miguel Alejandra
  DeShawn Aaliyah Malik Imani Jamal Keisha Darnell Tanisha Andre Ebony Terrence Latoya Marcus Jasmine
  Wei Mei Jian Xiu Hiroshi Yuki Minh Linh Hoang Thao Jin Soo-ah Hyun Ji-woo Raj Priya Arjun Ananya
  Vikram Deepa Mohammed Fatima Omar Aisha Ahmed Layla Yusuf Amira Kwame Ama Chidi Ngozi Tariq Nadia
  Kai Leilani Koa Malia Dakota Winona Tallulah Cheyenne Ayasha Takoda Siobhan Declan Niamh Connor
  Aoife Giovanni Francesca Luca Giulia Dmitri Natalia Ivan Katarina Mikhail Olga Elias Ingrid Lars
`);

export const LAST_NAMES = words(`
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez
  Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark
  Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams
  Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker
  Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper
  Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James
  Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez
  Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez
  Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole
  Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens
  Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker
  Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Muñoz
  Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice
  Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley
  Spencer Hawkins Arnold Pierce Vazquez Hansen Peters Santos Hart Bradley Knight Elliott Cunningham
  Duncan Armstrong Hudson Carroll Lane Riley Andrews Alvarado Ray Delgado Berry Perkins Hoffman Johnston
  Matthews Peña Richards Contreras Willis Carpenter Lawrence Sandoval Wang Zhang Liu Yang Huang Wu
  Park Choi Kang Yamamoto Tanaka Nakamura Shah Singh Kumar Gupta Desai Khan Ali Haddad Hassan Rahman
  Okafor Mensah Adeyemi Okonkwo Begay Yazzie Tsosie Kealoha O'Brien O'Connor Byrne Schneider Novak
  Kowalski Nowak Ivanova Petrov Rossi Russo Bianchi Cohen Levy Friedman Goldberg Larsen Lindqvist
`);

/** Organization names are `${opener} ${cause}` or `${state} ${body} ${cause}`, e.g. "Ohio Coalition for Fair Maps". */
export const ORG_OPENERS = words(`
  Citizens Neighbors Parents Veterans Families Students Teachers Nurses Farmers Workers Voters
  Taxpayers Seniors Women Young-Voters Faith-Leaders Small-Businesses Friends Residents Sportsmen
`).map((w) => w.replace(/-/g, ' '));

export const ORG_BODIES = [
  'Coalition',
  'Alliance',
  'League',
  'Action Network',
  'Project',
  'Council',
  'Association',
  'Forum',
  'Fund',
  'Caucus',
] as const;

/** Each cause with the issue position (reference list `position`) an organization with that name works on. */
export const ORG_CAUSES: readonly (readonly [cause: string, position: string])[] = [
  ['for Clean Water', 'environmental_protection'],
  ['for Fair Maps', 'voting_rights'],
  ['for Safe Streets', 'support_for_law_enforcement'],
  ['for Affordable Housing', 'affordable_housing'],
  ['for Lower Taxes', 'lower_taxes'],
  ['for Public Schools', 'education_funding'],
  ['for School Choice', 'school_choice'],
  ['for Voting Rights', 'voting_rights'],
  ['for Election Integrity', 'election_integrity'],
  ['for Energy Independence', 'energy_independence'],
  ['for Clean Energy', 'climate_action'],
  ['for Health Care Access', 'healthcare_reform'],
  ['for Second Amendment Rights', 'gun_rights'],
  ['for Gun Safety', 'gun_safety'],
  ['for Criminal Justice Reform', 'criminal_justice_reform'],
  ['for Limited Government', 'balanced_budget'],
  ['for Fiscal Responsibility', 'balanced_budget'],
  ['for Rural Broadband', 'rural_communities_and_agriculture'],
  ['for Family Farms', 'rural_communities_and_agriculture'],
  ['for Working Families', 'labor_rights'],
  ['for Veterans’ Care', 'veterans_affairs'],
  ['for Religious Freedom', 'religious_liberty'],
  ['for Immigrant Rights', 'immigration_reform'],
  ['for Secure Borders', 'border_security'],
  ['for Public Lands', 'environmental_protection'],
  ['for Local Business', 'small_business_support'],
  ['for Reproductive Freedom', 'reproductive_rights'],
  ['for Life', 'pro_life'],
  ['for Retirement Security', 'social_security_and_medicare'],
  ['for Climate Solutions', 'climate_action'],
];

export const OCCUPATIONS = [
  'Retired teacher',
  'Small-business owner',
  'Registered nurse',
  'Union electrician',
  'Software engineer',
  'Graduate student',
  'Army veteran',
  'Marine Corps veteran',
  'Stay-at-home parent',
  'Family farmer',
  'Public defender',
  'Pastor',
  'Paramedic',
  'High school history teacher',
  'Truck driver',
  'Accountant',
  'Restaurant owner',
  'Social worker',
  'Real estate agent',
  'Retired firefighter',
  'College student',
  'Pharmacist',
  'Construction foreman',
  'Librarian',
  'Rancher',
] as const;

export const CANDIDATE_OFFICES = [
  'U.S. House',
  'U.S. Senate',
  'Governor',
  'Attorney General',
  'Secretary of State',
  'State Senate',
  'State House',
  'Mayor',
  'City Council',
  'County Commissioner',
  'School Board',
] as const;
